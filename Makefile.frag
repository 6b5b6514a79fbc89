
# make test (after phpize && ./configure && make): the suite through tests/run,
# which starts the throwaway servers the tests need and installs what they use with
# apt-get; PHP's own test target ran run-tests.php with no server, and every test
# failed. The build is the one make made, with its ./configure options.
# make test TESTS=tests/lock runs one folder (or files).
test: all
	@if [ ! -f "$(srcdir)/tools/env.sh" ]; then \
		echo "make test runs tests/run, which needs a git checkout (a release tarball has no tools/): git clone the repository" >&2; \
		exit 1; \
	fi
	REDISLOCK_BUILT=1 "$(srcdir)/tests/run" $(TESTS)
