--TEST--
RedisQueue stream layout: pop(count: 1) takes a due task behind a wake-up entry, which is not a task
--DESCRIPTION--
enqueue() of a delayed task on the stream layout appends a wake-up entry (no id)
that tells blocked readers to look again. pop() reads one entry at a time and
drops such entries without counting them, so pop($name, 1) with a wake-up entry
ahead of a due task returns that task. Before: the wake-up entry used up the one
read, and pop() returned false while size() said one was due. State only.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
$name = rl_name();
$q = rq_queue();
$q->enqueue($name, 'boot');
$q->migrate($name);
$q->remove($name, 'boot');
$q->enqueue($name, 'later', afterInterval: 600);
$q->enqueue($name, 'now');
$entries = $raw->call('XRANGE', "{Queue:$name}:stream", '-', '+');
rq_check(count($entries) === 2 && !in_array('i', $entries[0][1], true), 'a wake-up entry ahead of the task', $entries);
$t = $q->pop($name, 1);
rq_check(is_array($t) && ($t['id'] ?? null) === 'now', 'pop(1) takes the due task', $t);
rq_check($q->size($name) === ['due' => 0, 'delayed' => 1, 'inflight' => 0, 'dead' => 0], 'the delayed one waits', $q->size($name));
?>
--EXPECT--
ok: a wake-up entry ahead of the task
ok: pop(1) takes the due task
ok: the delayed one waits
