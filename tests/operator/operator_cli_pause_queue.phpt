--TEST--
redislock pause-queue and resume-queue: a queue paused from the shell hands nothing to workers until resume-queue or the end of --for; stats and metrics show it
--DESCRIPTION--
pause-queue without --for pauses until resume-queue (a worker then gets nothing),
again answers that it was paused, with --for sets an end that stats shows;
resume-queue ends it (exit 0) and of a queue not paused exits 1; --for is checked
(usage error, exit 2, nothing paused) and applies to pause-queue only. stats shows
the pause in its table and --json, the metrics page redislock_queue_paused.
--FILE--
<?php
require __DIR__ . '/operator_test.inc';
$prefix = op_prefix('OpP');
$q = rq_queue(['prefix' => $prefix]);
$q->enqueue('jobs', ['a', 'b']);
$r = op_cli(['pause-queue', 'jobs', '--prefix', $prefix]);
rq_check($r['status'] === 0 && $r['stdout'] === "queue jobs paused until resume-queue: workers take none of its tasks\n", 'pause-queue: exit 0', $r);
rq_check($q->reserve('jobs') === false, 'a worker gets nothing');
$r = op_json(['pause-queue', 'jobs', '--for', '600', '--prefix', $prefix]);
rq_check($r['status'] === 0 && $r['json'] === ['queue' => 'jobs', 'paused' => true, 'was_paused' => true, 'for' => 600.0], 'again, --for 600 --json: it was paused', $r);
$r = op_json(['stats', 'jobs', '--prefix', $prefix]);
rq_check($r['json']['paused'] === true && $r['json']['pause_left'] > 500 && $r['json']['pause_left'] <= 600, 'stats --json: paused, about 600 s left', $r);
$r = op_cli(['stats', 'jobs', '--prefix', $prefix]);
rq_check((bool) preg_match('/^paused:\s+yes, \S+ left$/m', $r['stdout']), 'stats: the pause and its time left', $r['stdout']);
$r = op_cli(['metrics', '--queue-prefix', $prefix]);
rq_check(str_contains($r['stdout'], 'redislock_queue_paused{queue="jobs"} 1'), 'metrics: redislock_queue_paused 1', $r['stdout']);
$q->pause('held');
$r = op_cli(['queues', '--prefix', $prefix]);
rq_check((bool) preg_match('/^held\s+0\s+0\s+0\s+0\s+-\s+-\s+0\s+yes$/m', $r['stdout']) && (bool) preg_match('/^jobs\s.*\s\d+\.\d{3}s$/m', $r['stdout']),
    'queues: a queue paused until resumed (listed though it holds nothing) says yes, one paused for a time its time left', $r['stdout']);
$q->resume('held');
foreach ([['--for', '0'], ['--for', '-1'], ['--for', 'soon'], ['--for', '1e9']] as $bad) {
    $r = op_cli(array_merge(['pause-queue', 'other', '--prefix', $prefix], $bad));
    rq_check($r['status'] === 2 && str_contains($r['stderr'], '--for must be'), 'pause-queue ' . implode(' ', $bad) . ': usage error', $r);
}
$r = op_cli(['stats', 'jobs', '--for', '5', '--prefix', $prefix]);
rq_check($r['status'] === 2 && str_contains($r['stderr'], '--for applies to pause-queue only'), '--for with another subcommand: usage error', $r);
rq_check($q->stats('other')['paused'] === false, 'no usage error paused anything');
$r = op_cli(['resume-queue', 'jobs', '--prefix', $prefix]);
rq_check($r['status'] === 0 && $r['stdout'] === "queue jobs resumed\n", 'resume-queue: exit 0', $r);
rq_check($q->reserve('jobs')['id'] === 'a', 'a worker gets a task again');
$r = op_json(['resume-queue', 'jobs', '--prefix', $prefix]);
rq_check($r['status'] === 1 && $r['json'] === ['queue' => 'jobs', 'resumed' => false], 'resume-queue of a queue not paused: exit 1', $r);
$r = op_cli(['stats', 'jobs', '--prefix', $prefix]);
rq_check((bool) preg_match('/^paused:\s+no$/m', $r['stdout']), 'stats: not paused', $r['stdout']);
$r = op_cli(['metrics', '--queue-prefix', $prefix]);
rq_check(str_contains($r['stdout'], 'redislock_queue_paused{queue="jobs"} 0'), 'metrics: redislock_queue_paused 0', $r['stdout']);
$q->clear('jobs');
?>
--EXPECT--
ok: pause-queue: exit 0
ok: a worker gets nothing
ok: again, --for 600 --json: it was paused
ok: stats --json: paused, about 600 s left
ok: stats: the pause and its time left
ok: metrics: redislock_queue_paused 1
ok: queues: a queue paused until resumed (listed though it holds nothing) says yes, one paused for a time its time left
ok: pause-queue --for 0: usage error
ok: pause-queue --for -1: usage error
ok: pause-queue --for soon: usage error
ok: pause-queue --for 1e9: usage error
ok: --for with another subcommand: usage error
ok: no usage error paused anything
ok: resume-queue: exit 0
ok: a worker gets a task again
ok: resume-queue of a queue not paused: exit 1
ok: stats: not paused
ok: metrics: redislock_queue_paused 0
