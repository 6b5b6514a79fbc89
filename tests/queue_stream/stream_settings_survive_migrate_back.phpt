--TEST--
RedisQueue stream layout: migrate(back: true) then migrate() within a second of a worker's upkeep keeps the queue's settings, so another worker with a shorter visibility never takes that worker's run
--DESCRIPTION--
A worker sends the queue's settings (the longest visibility, max attempts,
backoff) with its upkeep, and skips sending them again for a second. When
migrate(back: true) deleted them and a migrate() came within that second, the
worker's next reservation (visibility 60 s) counted for no visibility: another
worker that asked for 1 s wrote 1 s, found the run idle past it after 1.3 s and
took it while the first worker still held it (two runs at once). The settings
now outlive migrate(back: true) (and clear()). Three cases: the worker's own
object migrates, an operator's object does, and the worker polls in between.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$raw = new RawRedis();
foreach (['same object migrates', 'operator object migrates', 'operator migrates, worker polls between'] as $case) {
    $name = rl_name(':mc' . md5($case));
    $w1 = rq_queue();
    $w2 = rq_queue();
    $op = str_starts_with($case, 'op') ? rq_queue() : $w1;
    $op->migrate($name);
    var_dump($w1->reserve($name, 1, 60));                 // nothing: w1 caches "visibility 60 sent"
    $op->migrate($name, true);
    if (str_contains($case, 'polls')) {
        usleep(200000);
        var_dump($w1->reserve($name, 1, 60));
        usleep(200000);
    }
    $op->migrate($name);       // M rebuilt without v
    $op->submit($name, 'x', 'X');
    $a = $w1->reserve($name, 1, 60);                      // reserved for 60 s
    $meta = $raw->call('HGETALL', "{Queue:$name}:meta");
    echo "$case: w1 reserved ", $a['id'] ?? 'nothing', "\n";
    rq_check(in_array('v', $meta, true) && in_array('60000', $meta, true), "$case: the settings still hold its visibility", $meta);
    $w2->reserve($name, 1, 1);                            // another worker, visibility 1 s: nothing to take
    usleep(1300000);
    $b = $w2->reserve($name, 1, 1);
    rq_check($b === false, "$case: w1's run (visibility 60 s, 1.3 s old) is not handed to another worker", $b ? "w2 got {$b['id']} attempts {$b['attempts']}" : null);
    echo "  w1 ack: ", var_export($w1->ack($name, 'x', $a['receipt']), true), "\n";
    $w1->clear($name);
}
?>
--EXPECT--
bool(false)
same object migrates: w1 reserved x
ok: same object migrates: the settings still hold its visibility
ok: same object migrates: w1's run (visibility 60 s, 1.3 s old) is not handed to another worker
  w1 ack: true
bool(false)
operator object migrates: w1 reserved x
ok: operator object migrates: the settings still hold its visibility
ok: operator object migrates: w1's run (visibility 60 s, 1.3 s old) is not handed to another worker
  w1 ack: true
bool(false)
bool(false)
operator migrates, worker polls between: w1 reserved x
ok: operator migrates, worker polls between: the settings still hold its visibility
ok: operator migrates, worker polls between: w1's run (visibility 60 s, 1.3 s old) is not handed to another worker
  w1 ack: true
