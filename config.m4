dnl config.m4 for the redislock extension

PHP_ARG_ENABLE([redislock],
  [whether to enable redislock support],
  [AS_HELP_STRING([--enable-redislock], [Enable redislock support])],
  [yes])

PHP_ARG_WITH([hiredis],
  [for the hiredis library],
  [AS_HELP_STRING([[--with-hiredis[=DIR]]],
    [redislock: hiredis installation prefix (default: found with pkg-config)])],
  [yes], [no])

if test "$PHP_REDISLOCK" != "no"; then
  if test "$PHP_HIREDIS" != "yes" && test "$PHP_HIREDIS" != "no"; then
    dnl An explicit prefix wins over pkg-config.
    AC_MSG_CHECKING([for hiredis in $PHP_HIREDIS])
    if test -r "$PHP_HIREDIS/include/hiredis/hiredis.h"; then
      AC_MSG_RESULT([found])
      PHP_ADD_INCLUDE([$PHP_HIREDIS/include/hiredis])
      PHP_ADD_LIBRARY_WITH_PATH([hiredis], [$PHP_HIREDIS/$PHP_LIBDIR], [REDISLOCK_SHARED_LIBADD])
    else
      AC_MSG_RESULT([not found])
      AC_MSG_ERROR([hiredis.h not found under $PHP_HIREDIS/include/hiredis. Install libhiredis-dev or pass the right --with-hiredis=DIR])
    fi
  else
    PKG_CHECK_MODULES([HIREDIS], [hiredis >= 0.13], [], [
      AC_MSG_ERROR([hiredis was not found by pkg-config. Install it (Debian/Ubuntu: apt-get install libhiredis-dev pkg-config) or pass --with-hiredis=DIR])
    ])
    PHP_EVAL_INCLINE([$HIREDIS_CFLAGS])
    PHP_EVAL_LIBLINE([$HIREDIS_LIBS], [REDISLOCK_SHARED_LIBADD])
  fi

  dnl TLS is spoken with OpenSSL directly, not through PHP's streams.
  PKG_CHECK_MODULES([REDISLOCK_OPENSSL], [openssl >= 1.1.1], [], [
    AC_MSG_ERROR([OpenSSL 1.1.1 or newer was not found by pkg-config. Install it (Debian/Ubuntu: apt-get install libssl-dev pkg-config)])
  ])
  PHP_EVAL_INCLINE([$REDISLOCK_OPENSSL_CFLAGS])
  PHP_EVAL_LIBLINE([$REDISLOCK_OPENSSL_LIBS], [REDISLOCK_SHARED_LIBADD])

  PHP_SUBST([REDISLOCK_SHARED_LIBADD])
  PHP_NEW_EXTENSION([redislock],
    [ext/redislock_util.c ext/redislock_resp.c ext/redislock_slots.c ext/redislock_link.c ext/redislock_cluster.c ext/redislock_watchdog_table.c ext/redislock_watchdog_renew.c ext/redislock_watchdog.c \
     ext/redislock_exceptions.c ext/redislock_args.c ext/redislock_argv.c ext/redislock_keys.c ext/redislock_config.c ext/redislock_config_dsn.c ext/redislock_config_class.c \
     ext/redislock_sentinel.c ext/redislock_conn.c ext/redislock_object.c ext/redislock_scripts.c ext/redislock_runner.c ext/redislock_wait.c ext/redislock_names.c ext/redislock_renewal.c \
     ext/redislock_redlock.c ext/redislock_holder.c ext/redislock_lock_common.c ext/redislock_lock_single.c ext/redislock_lock_redlock.c \
     ext/redislock_lock.c ext/redislock_queue.c ext/redislock_queue_stream.c ext/redislock_queue_stream_reply.c ext/redislock_queue_zset.c ext/redislock_queue_pages.c ext/redislock_queue_views.c ext/redislock_queue_submit.c ext/redislock_queue_counts.c ext/redislock_queue_common.c ext/redislock_queue_tasks.c ext/redislock_semaphore.c ext/redislock_limiter.c ext/redislock_latch.c ext/redislock.c],
    [$ext_shared], [], [-DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 -Wall -Wextra -Wno-unused-parameter])
  PHP_ADD_BUILD_DIR([$ext_builddir/ext])
  dnl make test runs tests/run (Makefile.frag); a release tarball leaves it out.
  PHP_ADD_MAKEFILE_FRAGMENT
fi
