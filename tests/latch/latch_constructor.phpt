--TEST--
new RedisLatch(): redlock, min_replicas, watchdog, holder and the queue options are refused with a ValueError; a DSN, an options array and a prefix are taken, "Latch:" by default
--DESCRIPTION--
Each refused option is named in its ValueError; the queue options (max_attempts,
retry_backoff, queue_layout) are refused together, with the one message that
names max_attempts and retry_backoff, as the sibling classes do. An unknown
option is a ValueError too. Latches made from a DSN, an options array, a prefix
option and a DSN's ?prefix= land under their prefixes; construct() twice is an Error.
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
echo la_error(fn () => new RedisLatch(['redlock' => [rl_dsn(), rl_dsn(), rl_dsn()]])), "\n";
echo la_error(fn () => new RedisLatch(rl_options(['min_replicas' => 1]))), "\n";
echo la_error(fn () => new RedisLatch(rl_dsn() . '?min_replicas=1')), "\n";
echo la_error(fn () => new RedisLatch(rl_options(['watchdog' => true]))), "\n";
echo la_error(fn () => new RedisLatch(rl_options(['holder' => 'me']))), "\n";
echo la_error(fn () => new RedisLatch(rl_options(['max_attempts' => 3]))), "\n";
echo la_error(fn () => new RedisLatch(rl_options(['retry_backoff' => 1.0]))), "\n";
echo la_error(fn () => new RedisLatch(rl_options(['queue_layout' => 'list']))), "\n";
echo la_error(fn () => new RedisLatch(rl_options(['no_such_option' => 1]))), "\n";
$raw = new RawRedis();
$name = rl_name();
$dsn = new RedisLatch(rl_dsn());
$arr = new RedisLatch(rl_options());
$pre = new RedisLatch(rl_options(['prefix' => 'Gate:']));
$preDsn = new RedisLatch(rl_dsn() . '?prefix=Door:');
var_dump($dsn->set("$name:dsn", 1, 30), $arr->set("$name:arr", 1, 30), $pre->set("$name:pre", 1, 30), $preDsn->set("$name:predsn", 1, 30));
echo json_encode(la_keys($raw, $name) === ["Door:$name:predsn", "Gate:$name:pre", "Latch:$name:arr", "Latch:$name:dsn"] ? 'keys as prefixed' : la_keys($raw, $name)), "\n";
var_dump($arr->count("$name:dsn"), $pre->count("$name:dsn"), $pre->countDown("$name:pre"), $raw->call('LLEN', "{Gate:$name:pre}:open"));
echo la_error(fn () => $pre->__construct(rl_dsn())), "\n";
foreach (la_keys($raw, $name) as $k) {
    $raw->call('DEL', $k);
}
?>
--EXPECT--
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use option "redlock": a latch counts in one place, a server, a Sentinel-managed master or a cluster slot, never split over independent servers
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use option "min_replicas": it applies to RedisLock acquisitions and rate limiter decisions
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use option "min_replicas": it applies to RedisLock acquisitions and rate limiter decisions
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use option "watchdog": a latch holds nothing to renew
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use option "holder": a latch holds nothing
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
ValueError: RedisLatch::__construct(): Argument #1 ($connection) cannot use options "max_attempts" and "retry_backoff": they apply to RedisQueue reservations
ValueError: RedisLatch::__construct(): Argument #1 ($connection) contains an unknown option "no_such_option"
bool(true)
bool(true)
bool(true)
bool(true)
"keys as prefixed"
int(1)
bool(false)
int(0)
int(1)
Error: RedisLatch::__construct() cannot be called twice
