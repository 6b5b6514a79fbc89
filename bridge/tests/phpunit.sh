# Shared by bridge/tests/symfony/run and bridge/tests/laravel/run (sourced after
# tools/env.sh): runs Debian's phpunit (9.6 on Debian 12, 11.5 on 13, 13.x on sid)
# with the options that version takes, and counts every test of every run from
# the JUnit logs.
#
#   bridge_phpunit NAME BOOTSTRAP PATH [phpunit options...]
#       one phpunit run of PATH (a test file or directory); its JUnit log is
#       $REDISLOCK_TMP/junit-NAME.xml; a non-zero exit status is remembered
#   bridge_phpunit_expect NAME COUNT
#       run NAME has COUNT tests: those that did not run (phpunit stopped early,
#       a class that did not load) count as failed
#   bridge_phpunit_summary
#       prints the last line, "N passed, N failed", and returns non-zero when
#       anything failed or nothing ran
#
# A test passes only with no failure, error, warning or skipped element in its
# JUnit entry (phpunit writes incomplete and risky tests as skipped); a run that
# exits non-zero with no test to blame (a crash, a bootstrap error, a timeout,
# a risky test PHPUnit 10 and later leave out of the log) counts one failure.

BRIDGE_PHPUNIT_RUNS=()
declare -A BRIDGE_PHPUNIT_STATUS=() BRIDGE_PHPUNIT_EXPECT=()

# The phpunit major version: 9, 11, 13...
bridge_phpunit_major() {
  php /usr/bin/phpunit --version 2>/dev/null | sed -n 's/^PHPUnit \([0-9][0-9]*\)\..*/\1/p' | head -1
}

bridge_phpunit() {
  local name=$1 bootstrap=$2 path=$3 major status=0 cache=()
  shift 3
  major=$(bridge_phpunit_major)
  # PHPUnit 9 writes .phpunit.result.cache into the working directory unless told
  # not to; 10 and later keep their cache in a directory we name (13 deprecates
  # --do-not-cache-result), here the throwaway $REDISLOCK_TMP.
  if [ "${major:-0}" -ge 10 ]; then
    cache=(--cache-directory "$REDISLOCK_TMP/phpunit-cache")
  else
    cache=(--do-not-cache-result)
  fi
  echo "== phpunit ${major:-?}: $name ($path)"
  (cd "$REDISLOCK_TMP" && timeout --kill-after=10 600 php -d "extension=$REDISLOCK_SO" /usr/bin/phpunit \
    --no-configuration --bootstrap "$bootstrap" "${cache[@]}" --colors=never \
    --fail-on-risky --fail-on-warning --fail-on-incomplete --fail-on-skipped \
    --log-junit "$REDISLOCK_TMP/junit-$name.xml" "$@" "$path") || status=$?
  BRIDGE_PHPUNIT_RUNS+=("$name")
  BRIDGE_PHPUNIT_STATUS[$name]=$status
}

bridge_phpunit_expect() {
  BRIDGE_PHPUNIT_EXPECT[$1]=$2
}

bridge_phpunit_summary() {
  local name counts p f total_p=0 total_f=0
  for name in "${BRIDGE_PHPUNIT_RUNS[@]}"; do
    counts=$(php -r '
      $doc = new DOMDocument();
      if (!is_file($argv[1]) || !@$doc->load($argv[1])) { echo "0 0"; exit; }
      $passed = $failed = 0;
      foreach ($doc->getElementsByTagName("testcase") as $case) {
          $bad = false;
          foreach ($case->childNodes as $child) {
              if ($child instanceof DOMElement && in_array($child->tagName, ["failure", "error", "warning", "skipped"], true)) {
                  $bad = true;
              }
          }
          $bad ? $failed++ : $passed++;
      }
      echo "$passed $failed";
    ' "$REDISLOCK_TMP/junit-$name.xml" 2>/dev/null || echo "0 0")
    read -r p f <<<"$counts"
    if [ -n "${BRIDGE_PHPUNIT_EXPECT[$name]:-}" ] && [ $((p + f)) -lt "${BRIDGE_PHPUNIT_EXPECT[$name]}" ]; then
      f=$((BRIDGE_PHPUNIT_EXPECT[$name] - p))
    fi
    if [ "${BRIDGE_PHPUNIT_STATUS[$name]}" -ne 0 ] && [ "$f" -eq 0 ]; then
      f=1
    fi
    if [ $((p + f)) -eq 0 ]; then
      f=1   # a run with no test at all
    fi
    echo "$name: $p passed, $f failed (phpunit exit status ${BRIDGE_PHPUNIT_STATUS[$name]})"
    total_p=$((total_p + p))
    total_f=$((total_f + f))
  done
  [ ${#BRIDGE_PHPUNIT_RUNS[@]} -gt 0 ] || total_f=1
  echo
  echo "$total_p passed, $total_f failed"
  [ "$total_f" -eq 0 ]
}
