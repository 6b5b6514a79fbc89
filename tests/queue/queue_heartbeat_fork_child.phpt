--TEST--
RedisQueue with watchdog: a forked child neither renews nor stops its parent's heartbeats, even when it calls ack() or ends its copy of the object
--DESCRIPTION--
The heartbeat keeps its entries in the renewal core that the lock and semaphore
holders use too: in a forked child they are the parent's, forgotten, never
stopped. The child's ack() with a receipt it does not hold is refused and
stops nothing, its copy of the object ends, and the parent's reservation
(visibility 0.6 s) is still renewed 1.5 s later: nobody else can reserve the
task, and the parent's ack() is accepted.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
require __DIR__ . '/../harness/watchdog_test.inc';
$name = rl_name();
$q = rq_queue(['watchdog' => true]);
$q->enqueue($name, ['a']);
$t = $q->reserve($name, visibility: 0.6);
rq_check(wd_info()['holds'] === '1', 'the reservation is renewed', wd_info());
$pid = pcntl_fork();
if ($pid === 0) {
    $acked = $q->ack($name, 'a', 'ffffffffffffffffffffffffffffffff:1');
    $holds = wd_info()['holds'];
    unset($q);
    exit($acked === false && $holds === '0' ? 0 : 1);
}
pcntl_waitpid($pid, $status);
rq_check(pcntl_wexitstatus($status) === 0, 'in the child: a wrong receipt refused, nothing renewed');
usleep(1500000);
rq_check(wd_info()['holds'] === '1', 'the parent still renews its reservation', wd_info());
$other = rq_queue();
rq_check($other->reserve($name, visibility: 5) === false, 'nobody else can reserve the task');
rq_check($q->ack($name, 'a', $t['receipt']) === true, "the parent's ack is accepted");
rq_check(wd_info()['holds'] === '0', 'and ends the heartbeat', wd_info());
?>
--EXPECT--
ok: the reservation is renewed
ok: in the child: a wrong receipt refused, nothing renewed
ok: the parent still renews its reservation
ok: nobody else can reserve the task
ok: the parent's ack is accepted
ok: and ends the heartbeat
