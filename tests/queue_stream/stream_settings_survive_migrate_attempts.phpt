--TEST--
RedisQueue stream layout: max attempts survive migrate(back: true) then migrate() within a second of the worker's upkeep: a run released at its last attempt (max 1) is dead, never reserved again
--DESCRIPTION--
The sequence a random model of the queue's calls found: migrations back and
forth, a reserve(maxAttempts: 1) with nothing to take, a submit, more
migrations, a reserve of the task and its release. Before the fix the queue's
settings had lost the max attempts (migrate(back: true) deleted them and the
worker skipped sending them again within its second), so the released run came
back at attempt 2. Each step's answer and the settings are printed.
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();
$raw = new RawRedis();
$name = rl_name(':m2');
$state = fn (): string => json_encode($raw->call('HGETALL', "{Queue:$name}:meta")) . ' H='
    . json_encode($raw->call('HGETALL', "{Queue:$name}:receipts")) . ' S=' . $raw->call('EXISTS', "{Queue:$name}:stream");
$back = false;
$t = false;
foreach (['migrate', 'migrate', 'migrate', 'reserve', 'migrate', 'migrate', 'submit', 'migrate', 'migrate', 'reserve', 'release',
    'reserve'] as $op) {
    switch ($op) {
        case 'migrate':
            echo "migrate(back: ", var_export($back, true), ") -> ", json_encode($q->migrate($name, $back)), "\n";
            $back = !$back;
            break;
        case 'reserve':
            $t = $q->reserve($name, 1, 60, 0, 1);
            echo "reserve -> ", $t ? "{$t['payload']} attempts {$t['attempts']}" : 'none', "\n";
            break;
        case 'submit':
            echo "submit -> ", $q->submit($name, 'a', 'X', unique: 'until_done'), "\n";
            break;
        case 'release':
            echo "release -> ", var_export($q->release($name, 'a', 0, $t['receipt']), true), "\n";
            break;
    }
    echo '   ', $state(), "\n";
}
rq_check(!$t, 'the run released at its last attempt (max 1) is dead, not reserved again', $t ? "attempts {$t['attempts']}" : null);
?>
--EXPECTF--
%A
ok: the run released at its last attempt (max 1) is dead, not reserved again
