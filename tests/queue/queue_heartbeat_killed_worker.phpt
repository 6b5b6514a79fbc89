--TEST--
RedisQueue with watchdog: a worker killed (SIGKILL) mid-job stops renewing, and its task goes to another worker once its visibility (0.8 s) runs out, not before
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/lock4_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$q = rq_queue();
$q->enqueue($name, 'job', payload: 'body');
[$proc, $in, $out, $pid] = wd_spawn('
    $q = new RedisQueue(rl_options(["watchdog" => true]));
    $t = $q->reserve(' . var_export($name, true) . ', visibility: 0.8);
    echo $t["id"], "\n";
    sleep(30);
');
$line = trim((string) fgets($out));
var_dump($line);
usleep(1200000);
rq_check($q->reserve($name, visibility: 5) === false, 'while the worker lives, its task stays reserved past its visibility');
$killed = microtime(true);
l4_signal($pid, 'KILL');
wd_reap($proc);
[$t, $took] = rq_timed(fn() => $q->reserve($name, visibility: 5, wait: 30));
$after = microtime(true) - $killed;
rq_check($t !== false && $t['id'] === 'job' && $t['payload'] === 'body' && $t['attempts'] === 2, 'another worker gets it with its payload', $t);
/* The upper bound only catches a wait that ran to its end. */
rq_check($after >= 0.3 && $after < 15, 'once its visibility ran out after the kill', $after);
?>
--EXPECT--
string(3) "job"
ok: while the worker lives, its task stays reserved past its visibility
ok: another worker gets it with its payload
ok: once its visibility ran out after the kill
