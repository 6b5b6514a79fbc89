--TEST--
RedisSemaphore::acquire(): invalid arguments throw ValueError naming the argument, and touch nothing
--DESCRIPTION--
RedisSemaphore::acquire(): invalid arguments throw ValueError naming the
argument (empty name #1, limit < 1 or > 1000000000 #2, negative/NAN/INF timeout
#3, expire <= 0 or not finite #4, permits < 1 or > limit #5) and touch nothing
--FILE--
<?php
require __DIR__ . '/../harness/sem_test.inc';
$raw = new RawRedis();
$name = rl_name();
$sem = sem_new();
$calls = [
    'empty name' => [fn () => $sem->acquire('', 3), '#1 ($name)'],
    'limit 0' => [fn () => $sem->acquire($name, 0), '#2 ($limit)'],
    'limit -1' => [fn () => $sem->acquire($name, -1), '#2 ($limit)'],
    'limit 1000000001' => [fn () => $sem->acquire($name, 1000000001), '#2 ($limit)'],
    'limit PHP_INT_MAX' => [fn () => $sem->acquire($name, PHP_INT_MAX), '#2 ($limit)'],
    'timeout -0.5' => [fn () => $sem->acquire($name, 3, -0.5), '#3 ($timeout)'],
    'timeout NAN' => [fn () => $sem->acquire($name, 3, NAN), '#3 ($timeout)'],
    'timeout INF' => [fn () => $sem->acquire($name, 3, INF), '#3 ($timeout)'],
    'expire 0' => [fn () => $sem->acquire($name, 3, 0, 0), '#4 ($expire)'],
    'expire -1' => [fn () => $sem->acquire($name, 3, 0, -1), '#4 ($expire)'],
    'expire NAN' => [fn () => $sem->acquire($name, 3, 0, NAN), '#4 ($expire)'],
    'expire INF' => [fn () => $sem->acquire($name, 3, 0, INF), '#4 ($expire)'],
    'permits 0' => [fn () => $sem->acquire($name, 3, 0, 15, 0), '#5 ($permits)'],
    'permits -2' => [fn () => $sem->acquire($name, 3, 0, 15, -2), '#5 ($permits)'],
    'permits 4 > limit 3' => [fn () => $sem->acquire($name, 3, 0, 15, 4), '#5 ($permits)'],
];
foreach ($calls as $what => [$call, $arg]) {
    try {
        $got = $call();
        echo "$what: no exception, returned ", json_encode($got), "\n";
    } catch (ValueError $e) {
        echo "$what: ValueError naming $arg: ", sem_yes(str_contains($e->getMessage(), "Argument $arg"), $e->getMessage()), "\n";
    } catch (Throwable $e) {
        echo "$what: ", sem_exc($e), "\n";
    }
}
var_dump($raw->call('EXISTS', sem_key($name), sem_queue_key($name)));
var_dump($sem->count($name));
/* The bounds themselves are fine. */
$t = $sem->acquire($name, 1000000000, 0, 15, 1000000000);
var_dump(is_string($t) && sem_permits($t) === 1000000000);
var_dump($sem->count($name), $sem->release($name, $t));
$t = $sem->acquire($name, 1);
var_dump(is_string($t), $sem->release($name, $t));
?>
--EXPECT--
empty name: ValueError naming #1 ($name): yes
limit 0: ValueError naming #2 ($limit): yes
limit -1: ValueError naming #2 ($limit): yes
limit 1000000001: ValueError naming #2 ($limit): yes
limit PHP_INT_MAX: ValueError naming #2 ($limit): yes
timeout -0.5: ValueError naming #3 ($timeout): yes
timeout NAN: ValueError naming #3 ($timeout): yes
timeout INF: ValueError naming #3 ($timeout): yes
expire 0: ValueError naming #4 ($expire): yes
expire -1: ValueError naming #4 ($expire): yes
expire NAN: ValueError naming #4 ($expire): yes
expire INF: ValueError naming #4 ($expire): yes
permits 0: ValueError naming #5 ($permits): yes
permits -2: ValueError naming #5 ($permits): yes
permits 4 > limit 3: ValueError naming #5 ($permits): yes
int(0)
int(0)
bool(true)
int(1000000000)
bool(true)
bool(true)
bool(true)
