--TEST--
RedisQueue: every reservation counts an attempt; ack() and pop() forget them
--DESCRIPTION--
RedisQueue: every reservation counts an attempt (1 on the first, then 2, 3 after
an expiry or a release); ack() and pop() forget them, so the same id enqueued
again starts at 1; an id that was never reserved pops without a record
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue();
$q->enqueue($name, 'job');
$seen = [];
$t = $q->reserve($name, 1, 0.1);
$seen[] = $t['attempts'];
usleep(150000);                          // expires
$t = $q->reserve($name, 1, 30);
$seen[] = $t['attempts'];
$q->release($name, 'job');
$t = $q->reserve($name, 1, 30);
$seen[] = $t['attempts'];
echo 'attempts: ', implode(' ', $seen), "\n";
var_dump($q->ack($name, 'job', $t['receipt']));
$q->enqueue($name, 'job');
echo 'after ack: ', $q->reserve($name)['attempts'], "\n";

echo "pop\n";
$q->release($name, 'job');
var_dump($q->pop($name)['id'], rq_records($raw, $name));
$q->enqueue($name, 'job');
echo 'after pop: ', $q->reserve($name)['attempts'], "\n";
var_dump($q->clear($name));
?>
--EXPECT--
attempts: 1 2 3
bool(true)
after ack: 1
pop
string(3) "job"
array(0) {
}
after pop: 1
int(1)
