# Shared by tests/run, examples/run and bench/run: install what a bare Debian 12
# lacks, build the extension, and start throwaway redis-servers on free loopback
# ports that are stopped when the calling script exits.

REDISLOCK_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REDISLOCK_SO="$REDISLOCK_ROOT/modules/redislock.so"
REDISLOCK_TMP=$(mktemp -d "${TMPDIR:-/tmp}/redislock.XXXXXX")
REDISLOCK_PIDS=()

redislock_cleanup() {
  local pid
  for pid in "${REDISLOCK_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${REDISLOCK_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$REDISLOCK_TMP"
}
trap redislock_cleanup EXIT
trap 'exit 130' INT TERM

# Installs the Debian packages that are missing (extra packages may be named).
redislock_install_deps() {
  local need=() pkg
  command -v phpize >/dev/null 2>&1 || need+=(php-dev)
  command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
  command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
  command -v openssl >/dev/null 2>&1 || need+=(openssl)
  pkg-config --exists hiredis 2>/dev/null || need+=(libhiredis-dev)
  [ -d /usr/share/php/PhpParser ] || need+=(php-parser)
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  [ ${#need[@]} -eq 0 ] && return 0
  echo "Installing ${need[*]} with apt-get" >&2
  local sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
}

# Builds modules/redislock.so; extra arguments go to configure (a changed set of
# arguments, or a changed config.m4, configures again).
redislock_build() {
  local args="$*"
  (
    cd "$REDISLOCK_ROOT"
    if [ ! -f Makefile ] || [ config.m4 -nt Makefile ] || [ "$(cat .configure-args 2>/dev/null)" != "$args" ]; then
      [ -f Makefile ] && make distclean >/dev/null 2>&1
      phpize >/dev/null
      ./configure "$@" >/dev/null
      echo "$args" > .configure-args
    fi
    make -j"$(nproc)" >/dev/null
  ) >&2
}

redislock_free_port() {
  php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); $n = stream_socket_get_name($s, false); echo substr($n, strrpos($n, ":") + 1);'
}

# redislock_start_redis NAME VAR [redis-server options...]: starts a server on a
# free loopback port (and a unix socket NAME/redis.sock) and stores the port in
# the variable VAR. It must not run in a $(...) subshell: the server's pid has to
# reach REDISLOCK_PIDS here, or the cleanup on exit would not stop it.
redislock_start_redis() {
  local _rl_name=$1 _rl_var=$2 _rl_port _rl_dir _rl_i
  shift 2
  _rl_port=$(redislock_free_port)
  _rl_dir="$REDISLOCK_TMP/$_rl_name"
  mkdir -p "$_rl_dir"
  redis-server --bind 127.0.0.1 --port "$_rl_port" --unixsocket "$_rl_dir/redis.sock" --unixsocketperm 700 \
    --dir "$_rl_dir" --save "" --appendonly no --daemonize no --logfile "$_rl_dir/redis.log" "$@" </dev/null >/dev/null 2>&1 &
  REDISLOCK_PIDS+=($!)
  for _rl_i in $(seq 1 100); do
    if redis-cli -h 127.0.0.1 -p "$_rl_port" ping 2>&1 | grep -qE 'PONG|NOAUTH'; then
      printf -v "$_rl_var" '%s' "$_rl_port"
      return 0
    fi
    sleep 0.05
  done
  echo "redis-server $_rl_name did not start on port $_rl_port; its log:" >&2
  cat "$_rl_dir/redis.log" >&2
  return 1
}

# redislock_make_certs DIR: a throwaway CA with a server certificate for
# localhost/127.0.0.1, a client certificate, and a second CA that signed nothing.
redislock_make_certs() {
  local dir=$1
  mkdir -p "$dir"
  (
    cd "$dir"
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' > server.ext
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=redislock test CA" -keyout ca.key -out ca.crt
    openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=redislock other CA" -keyout other-ca.key -out other-ca.crt
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr
    openssl x509 -req -days 2 -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -extfile server.ext -out server.crt
    openssl req -newkey rsa:2048 -nodes -subj "/CN=redislock test client" -keyout client.key -out client.csr
    openssl x509 -req -days 2 -in client.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out client.crt
  ) >/dev/null 2>&1
}

# redislock_start_tls_redis NAME VAR CERTDIR [options...]: like redislock_start_redis,
# but the port stored in VAR speaks TLS only and requires a client certificate.
redislock_start_tls_redis() {
  local _rl_name=$1 _rl_var=$2 _rl_certs=$3 _rl_port _rl_dir _rl_i
  shift 3
  _rl_port=$(redislock_free_port)
  _rl_dir="$REDISLOCK_TMP/$_rl_name"
  mkdir -p "$_rl_dir"
  redis-server --bind 127.0.0.1 --port 0 --tls-port "$_rl_port" \
    --tls-cert-file "$_rl_certs/server.crt" --tls-key-file "$_rl_certs/server.key" \
    --tls-ca-cert-file "$_rl_certs/ca.crt" --tls-auth-clients yes \
    --dir "$_rl_dir" --save "" --appendonly no --daemonize no --logfile "$_rl_dir/redis.log" "$@" </dev/null >/dev/null 2>&1 &
  REDISLOCK_PIDS+=($!)
  for _rl_i in $(seq 1 100); do
    if redis-cli --tls --cacert "$_rl_certs/ca.crt" --cert "$_rl_certs/client.crt" --key "$_rl_certs/client.key" \
      -h 127.0.0.1 -p "$_rl_port" ping 2>&1 | grep -q PONG; then
      printf -v "$_rl_var" '%s' "$_rl_port"
      return 0
    fi
    sleep 0.05
  done
  echo "TLS redis-server $_rl_name did not start on port $_rl_port; its log:" >&2
  cat "$_rl_dir/redis.log" >&2
  return 1
}
