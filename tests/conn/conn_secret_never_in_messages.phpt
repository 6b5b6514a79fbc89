--TEST--
Connections: no password, nor any part of one, reaches an exception message or trace, a var_dump() or phpinfo()
--DESCRIPTION--
Connections: no secret, nor any part of one, reaches a message: passwords
holding '&', '#', '?', '/', '@', '%', '=' or spaces, percent-encoded or not, in
the userinfo or the query of every DSN form, well-formed or malformed in each
part, appear in no exception message or trace, no var_dump() of an object, and
not in phpinfo() for redislock.default_connection
--FILE--
<?php
require __DIR__ . '/../harness/redislock_test.inc';
$host = rl_env('REDISLOCK_TEST_HOST');
$auth = rl_env('REDISLOCK_TEST_AUTH_PORT');
$dead = rl_dead_port();
/* Every piece of every password starts with "PW", so any part of one that
 * reaches a message is found. */
$passwords = ['PWa&PWb', 'PWa#PWb', 'PWa?PWb', 'PWa/PWb', 'PWa@PWb', 'PWa%PWb', 'PWa%zzPWb', 'PWa PWb', 'PWa=PWb',
    'PWa&PWb=PWc', 'PWa&db=PWb', 'PWa&prefix', 'PWa&read_timeout=PWb', 'PWa&PWb#PWc?PWd/PWe@PWf%PWg PWh'];
$shapes = [
    'redis://:%s@%s:%d', 'redis://app:%s@%s:%d/0', 'redis://app:%s@%s:abc', 'redis://app:%s@%s:%d/x', 'redis://:%s@%s:%d?bogus=1',
    'redis://:%s@%s:%d?novalue', 'redis://:%s@%s:%d?db=x', 'redis://:%s@[%s:%d', 'rediss://:%s@%s:%d?verify_peer=maybe',
    'redis://%2$s:%3$d?password=%1$s', 'redis://%2$s:%3$d?password=%1$s&db=1', 'redis://%2$s:%3$d?password=%1$s&bogus',
    'redis://%2$s:%3$d?db=1&password=%1$s&read_timeout=x', 'redis://%2$s:%3$d/99999999999?password=%1$s',
    'unix:///run/none.sock?password=%1$s&x', 'sentinel://:%s@%s:%d/svc?bogus', 'sentinel://:%s@%s:%d', 'redis-cluster://:%s@%s:%d/1',
    'redis-cluster://%2$s:%3$d?password=%1$s&tls=1', 'mysql://:%s@%s:%d', 'redis:/:%s@%s:%d',
];
$leaks = [];
$seen = 0;
function look(string $where, string $text): void
{
    global $leaks, $seen;
    $seen++;
    if (str_contains($text, 'PW')) {
        $leaks[] = "$where: " . substr($text, 0, 300);
    }
}
foreach ($passwords as $password) {
    foreach ([$password, rawurlencode($password)] as $given) {
        foreach ($shapes as $shape) {
            foreach ([[$auth, 'auth'], [$dead, 'dead']] as [$port, $label]) {
                $dsn = sprintf($shape, $given, $host, $port);
                foreach ([RedisLock::class, RedisSemaphore::class, RedisQueue::class] as $class) {
                    try {
                        $o = new $class($dsn);
                        ob_start();
                        var_dump($o);
                        print_r($o);
                        look("var_dump of $class($dsn)", ob_get_clean());
                        /* A server that refuses the password, or none there. */
                        $o instanceof RedisQueue ? $o->size('n') : $o->count('n') ?? null;
                    } catch (Throwable $e) {
                        for ($x = $e; $x; $x = $x->getPrevious()) {
                            look("$class($dsn)", get_class($x) . ': ' . $x->getMessage() . "\n" . $x->getTraceAsString());
                        }
                    }
                }
            }
            $ini = sprintf($shape, $given, $host, $dead);
            ini_set('redislock.default_connection', $ini);
            ob_start();
            phpinfo(INFO_MODULES);
            preg_match('/^redislock\.default_connection => .*$/m', ob_get_clean(), $m);
            look("phpinfo with $ini", $m[0] ?? 'no row');
        }
    }
}
echo $leaks ? implode("\n", array_slice($leaks, 0, 20)) . "\n" . count($leaks) . " leaks\n" : "no leak\n";
var_dump($seen > 3000);
?>
--EXPECT--
no leak
bool(true)
