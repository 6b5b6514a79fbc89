# Shared by tests/run, examples/run and bench/run: install what a bare Debian 12 or
# 13 lacks, build the extension, and start throwaway servers on free loopback ports
# that are stopped when the calling script exits.
#
# Two knobs choose what runs (both are read when this file is sourced):
#   REDISLOCK_PHP=8.2|8.4|8.5   use php8.5, phpize8.5 and php-config8.5 (and that
#                               version's extension packages) instead of the default
#                               php; on sid, 8.5 comes from experimental
#   REDISLOCK_SERVER=redis|valkey
#                               the server to install and start: redis-server,
#                               redis-cli and Sentinel (the default), or
#                               valkey-server, valkey-cli and valkey-sentinel
# Either way the scripts and the tests call php, phpize, php-config, redis-server
# and redis-cli: a directory of links placed first on PATH points those names at
# the chosen programs.

REDISLOCK_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REDISLOCK_SO="$REDISLOCK_ROOT/modules/redislock.so"
REDISLOCK_TMP=$(mktemp -d "${TMPDIR:-/tmp}/redislock.XXXXXX")
REDISLOCK_PIDS=()
REDISLOCK_PHP=${REDISLOCK_PHP:-}
REDISLOCK_SERVER=${REDISLOCK_SERVER:-redis}
case "$REDISLOCK_PHP" in
  '' | 8.2 | 8.4 | 8.5) ;;
  *) echo "REDISLOCK_PHP=$REDISLOCK_PHP: expected 8.2, 8.4 or 8.5" >&2; exit 2 ;;
esac
case "$REDISLOCK_SERVER" in
  redis | valkey) ;;
  *) echo "REDISLOCK_SERVER=$REDISLOCK_SERVER: expected redis or valkey" >&2; exit 2 ;;
esac
export REDISLOCK_PHP REDISLOCK_SERVER
REDISLOCK_BIN="$REDISLOCK_TMP/bin"
mkdir -p "$REDISLOCK_BIN"
export PATH="$REDISLOCK_BIN:$PATH"

# redislock_link_programs: (re)points the links in $REDISLOCK_BIN at the chosen PHP
# and server, for those that are installed.
redislock_link_programs() {
  local name target
  if [ -n "$REDISLOCK_PHP" ]; then
    for name in php phpize php-config; do
      target=$(PATH=${PATH#"$REDISLOCK_BIN:"} command -v "$name$REDISLOCK_PHP" 2>/dev/null) || continue
      ln -sf "$target" "$REDISLOCK_BIN/$name"
    done
  fi
  if [ "$REDISLOCK_SERVER" = valkey ]; then
    for name in server cli benchmark; do
      target=$(PATH=${PATH#"$REDISLOCK_BIN:"} command -v "valkey-$name" 2>/dev/null) || continue
      ln -sf "$target" "$REDISLOCK_BIN/redis-$name"
    done
  fi
}
redislock_link_programs

# The Debian release this runs on (bookworm, trixie, sid...), for the source packages.
redislock_debian_suite() {
  local codename
  codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
  case "$codename" in
    '' | forky) grep -qs sid /etc/debian_version && echo sid || echo "${codename:-bookworm}" ;;
    *) echo "$codename" ;;
  esac
}

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

# redislock_apt_get ARGS...: apt-get ARGS (as root, else through sudo), waiting up to
# 10 minutes for another apt-get or dpkg (an unattended upgrade, a second run of
# these scripts) to be done instead of failing on its lock. DPkg::Lock::Timeout
# waits for dpkg's locks; the lock of apt-get update's lists has no such setting,
# so a run refused any lock is tried again every 5 s.
redislock_apt_get() {
  local sudo= out i
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  for i in $(seq 1 120); do
    if out=$(DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 "$@" 2>&1); then
      [ -z "$out" ] || printf '%s\n' "$out" >&2
      return 0
    fi
    if ! grep -qE 'Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock directory' <<<"$out"; then
      printf '%s\n' "$out" >&2
      return 1
    fi
    [ "$i" -eq 1 ] && echo "apt-get $1: another apt-get or dpkg holds its lock; waiting" >&2
    sleep 5
  done
  printf '%s\n' "$out" >&2
  return 1
}

# Installs the Debian packages that are missing (extra packages may be named). With
# REDISLOCK_PHP set, php-X packages are installed as phpVERSION-X (php-fpm becomes
# php8.5-fpm); on sid, PHP 8.5's packages come from experimental.
redislock_install_deps() {
  local need=() pkg v=$REDISLOCK_PHP
  command -v make >/dev/null 2>&1 || need+=(make)
  command -v gcc >/dev/null 2>&1 || need+=(gcc libc6-dev)
  command -v xz >/dev/null 2>&1 || need+=(xz-utils)
  command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
  command -v openssl >/dev/null 2>&1 || need+=(openssl)
  pkg-config --exists hiredis 2>/dev/null || need+=(libhiredis-dev)
  pkg-config --exists openssl 2>/dev/null || need+=(libssl-dev)
  [ -d /usr/share/php/PhpParser ] || need+=(php-parser)
  if [ -n "$v" ]; then
    command -v "phpize$v" >/dev/null 2>&1 || need+=("php$v-dev")
    command -v "php$v" >/dev/null 2>&1 || need+=("php$v-cli")
  else
    command -v phpize >/dev/null 2>&1 || need+=(php-dev)
    command -v php >/dev/null 2>&1 || need+=(php-cli)
    # pecl, for the README's PECL route and its test (tests/docs): it builds for
    # the default PHP.
    command -v pecl >/dev/null 2>&1 || need+=(php-pear)
  fi
  if [ "$REDISLOCK_SERVER" = valkey ]; then
    command -v valkey-server >/dev/null 2>&1 || need+=(valkey-server)
    command -v valkey-cli >/dev/null 2>&1 || need+=(valkey-tools)
    dpkg -s valkey-sentinel >/dev/null 2>&1 || need+=(valkey-sentinel)
  else
    command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
    command -v redis-cli >/dev/null 2>&1 || need+=(redis-tools)
  fi
  for pkg in "$@"; do
    if [ -n "$v" ]; then
      case "$pkg" in
        php-fpm | php-xml | php-mbstring | php-cli | php-dev | php-curl | php-intl) pkg="php$v-${pkg#php-}" ;;
      esac
    fi
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    echo "Installing ${need[*]} with apt-get" >&2
    redislock_apt_get update -qq
    if [ "$v" = 8.5 ] && [ "$(redislock_debian_suite)" = sid ]; then
      # experimental's PHP 8.5 beside sid's other packages: the php8.5-* packages
      # from experimental, php-common from sid (experimental's conflicts).
      local i
      for i in "${!need[@]}"; do
        case "${need[$i]}" in php8.5-*) need[$i]="${need[$i]}/experimental" ;; esac
      done
      need+=(php-common/unstable)
    fi
    redislock_apt_get install -y -qq --no-install-recommends "${need[@]}"
  fi
  redislock_link_programs
}

# Builds modules/redislock.so; extra arguments go to configure (a changed set of
# arguments, or a changed config.m4, configures again). REDISLOCK_BUILT=1 (make
# test sets it) keeps the tree as its own ./configure left it.
redislock_build() {
  local args="$*"
  (
    cd "$REDISLOCK_ROOT"
    if [ "${REDISLOCK_BUILT:-}" = 1 ] && [ -f Makefile ] && [ $# -eq 0 ]; then
      make >/dev/null
      exit
    fi
    # The PHP it is built for is part of what was configured: another php-config
    # (REDISLOCK_PHP, or a chroot sharing this tree) configures again.
    args="$(php-config --php-binary) $(php-config --version) $args"
    if [ ! -f Makefile ] || [ config.m4 -nt Makefile ] || [ "$(cat .configure-args 2>/dev/null)" != "$args" ]; then
      [ -f Makefile ] && make distclean >/dev/null 2>&1
      phpize >/dev/null
      ./configure --with-php-config="$(command -v php-config)" "$@" >/dev/null
      echo "$args" > .configure-args
    fi
    make -j"$(nproc)" >/dev/null
  ) >&2
}

redislock_free_port() {
  php -n -r '$s = stream_socket_server("tcp://127.0.0.1:0"); $n = stream_socket_get_name($s, false); echo substr($n, strrpos($n, ":") + 1);'
}

# redislock_hold_closed_ports VAR [COUNT]: holds COUNT (default 4) loopback ports
# closed for as long as the calling script runs, and stores them as "p1,p2,..." in
# VAR: each is a TCP socket bound on 127.0.0.1 (and on ::1 with the same number,
# where the machine has IPv6) that never listens, so a connection to it is refused
# at once and no other program can take the port meanwhile. A test that needs "a
# port where nothing listens" takes one of these, never a number it guessed or a
# port it found free a moment ago. Like redislock_start_redis, it must not run in a
# $(...) subshell.
redislock_hold_closed_ports() {
  local _rl_var=$1 _rl_count=${2:-4} _rl_file="$REDISLOCK_TMP/closed-ports" _rl_i
  perl -MSocket=:all -e '
    my ($count, $file) = @ARGV;
    my (@held, @ports);
    while (@ports < $count) {
      socket(my $v4, PF_INET, SOCK_STREAM, 0) or die "socket: $!";
      bind($v4, pack_sockaddr_in(0, INADDR_LOOPBACK)) or die "bind 127.0.0.1: $!";
      my ($port) = unpack_sockaddr_in(getsockname($v4));
      if (socket(my $v6, PF_INET6, SOCK_STREAM, 0)) {
        # The same number on ::1 too; when another program has it there, try another.
        next unless bind($v6, pack_sockaddr_in6($port, inet_pton(AF_INET6, "::1"))) || $!{EADDRNOTAVAIL};
        push @held, $v6;
      }
      push @held, $v4;
      push @ports, $port;
    }
    open(my $out, ">", "$file.tmp") or die "$file.tmp: $!";
    print $out join(",", @ports), "\n";
    close $out;
    rename("$file.tmp", $file) or die "rename: $!";
    sleep;
  ' "$_rl_count" "$_rl_file" </dev/null >/dev/null 2>"$_rl_file.log" &
  REDISLOCK_PIDS+=($!)
  for _rl_i in $(seq 1 100); do
    if [ -s "$_rl_file" ]; then
      printf -v "$_rl_var" '%s' "$(cat "$_rl_file")"
      return 0
    fi
    sleep 0.05
  done
  echo "could not hold $_rl_count closed ports:" >&2
  cat "$_rl_file.log" >&2
  return 1
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

# Topologies for the Sentinel, Cluster and Redlock tests. Like redislock_start_redis,
# none of these may run in a $(...) subshell: every pid must reach REDISLOCK_PIDS.

# redislock_start_cluster NAME VAR [COUNT]: starts COUNT (default 3) cluster-enabled
# redis-servers on free loopback ports (their bus ports on free loopback ports too),
# stores "127.0.0.1:p1,127.0.0.1:p2,..." in VAR, and starts joining them, in the
# background, into one cluster of masters without replicas (redis-cli --cluster
# create). Other servers may start meanwhile; redislock_wait_cluster NAME VAR waits
# until the cluster is ready.
declare -A REDISLOCK_CLUSTER_JOINS=()
redislock_start_cluster() {
  local _rl_name=$1 _rl_var=$2 _rl_count=${3:-3} _rl_i _rl_cport _rl_nodes=()
  for _rl_i in $(seq 1 "$_rl_count"); do
    redislock_start_redis "$_rl_name-$_rl_i" _rl_cport --cluster-enabled yes \
      --cluster-port "$(redislock_free_port)" --cluster-config-file nodes.conf \
      --cluster-node-timeout 2000 || return 1
    _rl_nodes+=("127.0.0.1:$_rl_cport")
  done
  redis-cli --cluster create "${_rl_nodes[@]}" --cluster-replicas 0 --cluster-yes \
    >"$REDISLOCK_TMP/$_rl_name-create.log" 2>&1 </dev/null &
  REDISLOCK_CLUSTER_JOINS[$_rl_name]=$!
  REDISLOCK_PIDS+=($!)
  printf -v "$_rl_var" '%s' "$(IFS=,; echo "${_rl_nodes[*]}")"
}

# redislock_wait_cluster NAME NODES: waits until redis-cli --cluster create is done
# and every node of NODES (as redislock_start_cluster stored them) reports
# cluster_state:ok, all of them agreeing on which node owns which slots.
redislock_wait_cluster() {
  local _rl_name=$1 _rl_nodes _rl_node _rl_i _rl_ok _rl_first _rl_slots
  IFS=, read -r -a _rl_nodes <<<"$2"
  if ! wait "${REDISLOCK_CLUSTER_JOINS[$_rl_name]}"; then
    echo "redis-cli --cluster create failed for ${_rl_nodes[*]}:" >&2
    cat "$REDISLOCK_TMP/$_rl_name-create.log" >&2
    return 1
  fi
  for _rl_i in $(seq 1 300); do
    _rl_ok=1
    _rl_first=
    for _rl_node in "${_rl_nodes[@]}"; do
      if ! redis-cli -h "${_rl_node%:*}" -p "${_rl_node##*:}" cluster info 2>/dev/null | grep -q '^cluster_state:ok'; then
        _rl_ok=0
        break
      fi
      _rl_slots=$(redis-cli -h "${_rl_node%:*}" -p "${_rl_node##*:}" cluster slots 2>/dev/null)
      if [ -z "$_rl_first" ]; then
        _rl_first=$_rl_slots
      elif [ "$_rl_slots" != "$_rl_first" ]; then
        _rl_ok=0
        break
      fi
    done
    [ $_rl_ok = 1 ] && return 0
    sleep 0.05
  done
  echo "cluster ${_rl_nodes[*]} did not reach cluster_state:ok with one slot map; CLUSTER NODES:" >&2
  for _rl_node in "${_rl_nodes[@]}"; do
    redis-cli -h "${_rl_node%:*}" -p "${_rl_node##*:}" cluster nodes >&2 || true
  done
  return 1
}

# redislock_start_sentinel_group NAME SERVICE VAR [DOWN_AFTER_MS]: starts a master, one
# replica of it and three sentinels that monitor the master as SERVICE (quorum 2, a
# node counts as down after DOWN_AFTER_MS, default 1000; failover timeout 5 s), all
# on free loopback ports, and waits until every sentinel knows the master, the
# replica and the two other sentinels. Stores the sentinels as
# "127.0.0.1:s1,127.0.0.1:s2,127.0.0.1:s3" in VAR, the master's port in VAR_MASTER_PORT
# and the replica's in VAR_REPLICA_PORT.
redislock_start_sentinel_group() {
  local _rl_name=$1 _rl_service=$2 _rl_var=$3 _rl_down=${4:-1000} _rl_mport _rl_rport _rl_sport _rl_dir _rl_i _rl_j _rl_ok
  local _rl_sentinels=() _rl_sports=()
  # No diskless-sync delay: the replica is in sync at once instead of after 5 s.
  redislock_start_redis "$_rl_name-master" _rl_mport --repl-diskless-sync-delay 0 || return 1
  redislock_start_redis "$_rl_name-replica" _rl_rport --replicaof 127.0.0.1 "$_rl_mport" \
    --repl-diskless-sync-delay 0 || return 1
  # Sentinels learn of replicas from the master's INFO: let the replica attach first.
  for _rl_i in $(seq 1 200); do
    redis-cli -h 127.0.0.1 -p "$_rl_mport" info replication 2>/dev/null | grep -q "port=$_rl_rport,state=online" && break
    sleep 0.05
  done
  # Each sentinel's configuration names the others and the replica (with ids chosen
  # here), as a sentinel's own rewritten configuration would: the group is complete
  # at once instead of after a round of hello messages.
  local _rl_ids=()
  for _rl_i in 1 2 3; do
    _rl_sports+=("$(redislock_free_port)")
    _rl_ids+=("$(od -An -tx1 -N20 /dev/urandom | tr -d ' \n')")
  done
  for _rl_i in 0 1 2; do
    _rl_sport=${_rl_sports[$_rl_i]}
    _rl_dir="$REDISLOCK_TMP/$_rl_name-sentinel-$((_rl_i + 1))"
    mkdir -p "$_rl_dir"
    {
      printf '%s\n' "bind 127.0.0.1" "port $_rl_sport" "daemonize no" "dir $_rl_dir" \
        "logfile $_rl_dir/sentinel.log" "sentinel myid ${_rl_ids[$_rl_i]}" \
        "sentinel monitor $_rl_service 127.0.0.1 $_rl_mport 2" \
        "sentinel down-after-milliseconds $_rl_service $_rl_down" \
        "sentinel failover-timeout $_rl_service 5000" \
        "sentinel parallel-syncs $_rl_service 1" \
        "sentinel known-replica $_rl_service 127.0.0.1 $_rl_rport"
      for _rl_j in 0 1 2; do
        [ "$_rl_j" = "$_rl_i" ] && continue
        printf '%s\n' "sentinel known-sentinel $_rl_service 127.0.0.1 ${_rl_sports[$_rl_j]} ${_rl_ids[$_rl_j]}"
      done
    } >"$_rl_dir/sentinel.conf"
    redis-server "$_rl_dir/sentinel.conf" --sentinel </dev/null >/dev/null 2>&1 &
    REDISLOCK_PIDS+=($!)
    _rl_sentinels+=("127.0.0.1:$_rl_sport")
  done
  for _rl_i in $(seq 1 300); do
    _rl_ok=1
    for _rl_sport in "${_rl_sports[@]}"; do
      # SENTINEL MASTER answers field/value lines; a sentinel is ready once it counts
      # one replica and two other sentinels, and sees the master up.
      if ! redis-cli -h 127.0.0.1 -p "$_rl_sport" sentinel master "$_rl_service" 2>/dev/null | awk -v m="$_rl_mport" '
          NR % 2 == 1 { k = $0; next }
          { v[k] = $0 }
          END { exit !(v["port"] == m && v["flags"] == "master" && v["num-slaves"] == 1 && v["num-other-sentinels"] == 2) }'; then
        _rl_ok=0
        break
      fi
    done
    if [ $_rl_ok = 1 ]; then
      printf -v "$_rl_var" '%s' "$(IFS=,; echo "${_rl_sentinels[*]}")"
      printf -v "${_rl_var}_MASTER_PORT" '%s' "$_rl_mport"
      printf -v "${_rl_var}_REPLICA_PORT" '%s' "$_rl_rport"
      return 0
    fi
    sleep 0.05
  done
  echo "sentinels ${_rl_sentinels[*]} did not agree on $_rl_service (master 127.0.0.1:$_rl_mport, replica $_rl_rport):" >&2
  for _rl_sport in "${_rl_sports[@]}"; do
    redis-cli -h 127.0.0.1 -p "$_rl_sport" sentinel master "$_rl_service" 2>&1 | paste - - >&2 || true
  done
  return 1
}

# redislock_start_redis_group NAME VAR COUNT: COUNT independent plain servers, as for
# Redlock. Stores "127.0.0.1:p1,...,127.0.0.1:pCOUNT" in VAR.
redislock_start_redis_group() {
  local _rl_name=$1 _rl_var=$2 _rl_count=$3 _rl_i _rl_gport _rl_nodes=()
  for _rl_i in $(seq 1 "$_rl_count"); do
    redislock_start_redis "$_rl_name-$_rl_i" _rl_gport || return 1
    _rl_nodes+=("127.0.0.1:$_rl_gport")
  done
  printf -v "$_rl_var" '%s' "$(IFS=,; echo "${_rl_nodes[*]}")"
}

# redislock_apt_source_list SUITE: writes our own deb-src list of SUITE (with its
# security suite, or for sid with experimental) under $REDISLOCK_CACHE, and sets
# REDISLOCK_APT_OPTS to the apt-get/apt-cache options that use it, and only it,
# with lists and downloads of its own: the system's apt lists are never touched.
redislock_apt_source_list() {
  local suite=$1 apt_dir="${REDISLOCK_CACHE:-$HOME/.cache/redislock}/apt-$1"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
  {
    echo "deb-src http://deb.debian.org/debian $suite main"
    case "$suite" in
      sid) echo "deb-src http://deb.debian.org/debian experimental main" ;;
      *) echo "deb-src http://deb.debian.org/debian-security $suite-security main" ;;
    esac
  } > "$apt_dir/sources.list"
  REDISLOCK_APT_OPTS=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir" -o "APT::Sandbox::User=root")
}

# redislock_debian_source PACKAGE VERSION [SUITE]: downloads and unpacks the upstream
# source of a Debian package (apt-get source, from a deb-src list of our own that
# leaves the system's apt lists alone) into a cache under $REDISLOCK_CACHE (default
# ~/.cache/redislock), and prints the directory it unpacked. Fails, printing why,
# when the source cannot be had: callers never skip on that.
redislock_debian_source() {
  local pkg=$1 version=$2 suite=${3:-bookworm} cache=${REDISLOCK_CACHE:-$HOME/.cache/redislock} dir tarball
  dir="$cache/src/$pkg-$version"
  if [ -f "$dir/.unpacked" ]; then
    echo "$dir"
    return 0
  fi
  mkdir -p "$dir"
  local REDISLOCK_APT_OPTS
  redislock_apt_source_list "$suite"
  local opts=("${REDISLOCK_APT_OPTS[@]}")
  if ! apt-get "${opts[@]}" update -qq >&2 \
    || ! (cd "$dir" && apt-get "${opts[@]}" source --download-only "$pkg=$version" >&2); then
    echo "could not fetch the source of $pkg $version with apt-get source" >&2
    return 1
  fi
  tarball=$(ls "$dir"/*.orig.tar.* 2>/dev/null | head -1)
  if [ -z "$tarball" ] || ! tar -xf "$tarball" -C "$dir" --strip-components=1; then
    echo "could not unpack the source of $pkg $version" >&2
    return 1
  fi
  touch "$dir/.unpacked"
  echo "$dir"
}
