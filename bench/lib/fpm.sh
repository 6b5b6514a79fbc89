# shellcheck shell=bash
# Sourced by bench/run after tools/env.sh: the php-fpm pool of the fpm mode, a
# throwaway server stopped on exit like the redis-servers (REDISLOCK_PIDS).

# Starts a throwaway php-fpm master in the background, stopped on exit like the
# redis-server: a static pool of BENCH_FPM_WORKERS workers on a unix socket in the
# temporary directory. php.ini and Debian's conf.d are left out (-n): only opcache
# and the freshly built extension are loaded.
start_fpm() {
  local ver fpm dir _
  ver=$(php -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
  fpm=$(command -v "php-fpm$ver" || command -v php-fpm || true)
  if [ -z "$fpm" ] && [ -x "/usr/sbin/php-fpm$ver" ]; then
    fpm=/usr/sbin/php-fpm$ver
  fi
  if [ -z "$fpm" ]; then
    echo "php-fpm $ver not found (Debian package php-fpm)" >&2
    exit 1
  fi
  dir="$REDISLOCK_TMP/fpm"
  mkdir -p "$dir"
  BENCH_FPM_SOCKET="$dir/php-fpm.sock"
  BENCH_FPM_WORKERS=2
  BENCH_FPM_LOG="$dir/php-fpm.log"
  BENCH_FPM_PHP_LOG="$dir/php-errors.log"
  BENCH_FPM_VERSION=$("$fpm" -n -v | awk 'NR == 1 { print $2 }')
  export BENCH_FPM_SOCKET BENCH_FPM_WORKERS BENCH_FPM_LOG BENCH_FPM_PHP_LOG BENCH_FPM_VERSION
  cat > "$dir/php-fpm.conf" <<CONF
[global]
pid = $dir/php-fpm.pid
error_log = $BENCH_FPM_LOG
log_level = notice
daemonize = no

[bench]
listen = $BENCH_FPM_SOCKET
listen.mode = 0600
pm = static
pm.max_children = $BENCH_FPM_WORKERS
; no respawn: a worker keeps its persistent connection for the whole run
pm.max_requests = 0
catch_workers_output = yes
CONF
  local as_root=()
  [ "$(id -u)" -eq 0 ] && as_root=(-R)   # php-fpm refuses to run a pool as root without it
  "$fpm" -n -F -y "$dir/php-fpm.conf" "${as_root[@]}" \
    -d "extension=$REDISLOCK_SO" -d zend_extension=opcache -d opcache.enable=1 \
    -d memory_limit=128M -d expose_php=0 -d display_errors=0 -d log_errors=1 \
    -d "error_log=$BENCH_FPM_PHP_LOG" </dev/null >>"$dir/php-fpm.out" 2>&1 &
  REDISLOCK_PIDS+=($!)
  for _ in $(seq 1 100); do
    [ -S "$BENCH_FPM_SOCKET" ] && return 0
    kill -0 "${REDISLOCK_PIDS[-1]}" 2>/dev/null || break
    sleep 0.05
  done
  echo "php-fpm did not start; its output and log:" >&2
  cat "$dir/php-fpm.out" "$BENCH_FPM_LOG" >&2 2>/dev/null || true
  exit 1
}
