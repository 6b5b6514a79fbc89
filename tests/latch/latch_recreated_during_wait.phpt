--TEST--
RedisLatch::await() waits on the latch the name has when it starts: when that latch's lifetime ends and a new latch of the name is set and opened at once, the wait answers false, never true
--DESCRIPTION--
Ten rounds: a latch of count 1 lives 0.3 s; the parent awaits it for 3 s; a child
polls for the count key to go, then at once sets a new latch of the name and
counts it down to 0. The waiter, still blocked in the last milliseconds of the
first latch, or looking again just after its end, must not take the new latch's
opening for its own: every round answers false. Then, with the first latch
deleted by hand mid-wait and a new one set: false as well.
--FILE--
<?php
require __DIR__ . '/../harness/latch_test.inc';
$raw = new RawRedis();
$l = la_new();
$answers = [];
for ($round = 0; $round < 10; $round++) {
    $name = rl_name();
    $l->set($name, 1, 0.3);
    $kid = l4_fork(function () use ($name) {
        $raw = new RawRedis();
        $until = microtime(true) + 10;
        while ($raw->call('EXISTS', la_key($name)) && microtime(true) < $until) {
            usleep(200);
        }
        $l = la_new();
        $l->set($name, 1, 30);
        $l->countDown($name);
        return 0;
    });
    $answers[] = $l->await($name, 3);
    l4_wait([$kid], l4_bound(30));
    $raw->call('DEL', la_key($name), la_open($name));
}
echo 'a latch that ended, another set and opened at once: ', la_yes(!in_array(true, $answers, true), $answers), "\n";

$name = rl_name();
$l->set($name, 1, 30);
$kid = l4_fork(function () use ($name) {
    usleep(300000);
    (new RawRedis())->call('DEL', la_key($name));
    $l = la_new();
    $l->set($name, 1, 30);
    $l->countDown($name);
    return 0;
});
var_dump($l->await($name, 5));
l4_wait([$kid], l4_bound(30));
?>
--EXPECT--
a latch that ended, another set and opened at once: yes
bool(false)
