--TEST--
RedisQueue: reserve() and pop() end a page at 1 MiB of payloads (one task at least) on the zset layout, and pop() on the stream layout; the tasks past it come next, in order
--DESCRIPTION--
A call hands its tasks' payloads over in its script's reply, so a page is bounded
in bytes as well as in members. Three tasks of 600,000 bytes: reserve(10) and
pop(10) take one a call (two would pass 1 MiB), the next call takes the next one
in order; ten tasks of 100 bytes come in one call. On the stream layout with
payloads by reference (after migrate()), pop(10) does the same: the entries its
read delivered past the budget go back as if never read, and a reserve() then
gets them in order, each on its first attempt. Payloads of 60,000 bytes, which
ride in their entries: pop(100) takes 17 a call; migrate() copies them into the
entries 1 MiB a script (40 in 3 scripts). The budget is the call's: after
settling 20 lapsed reservations of 60,000 bytes (1 MiB copied), pop(100) hands
over one task, and the rest come next. On a queue with payloads by reference
off (as a release before this one moves it), entries of 600,000 bytes: pop()
takes one a call. Every payload arrives intact. Order and counts only.
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/../harness/queue_test.inc';
$q = rq_queue();

function big(string $id): string
{
    return str_pad("$id:", 600000, $id);
}

function fill(RedisQueue $q, string $name, string $prefix, int $n, bool $big): array
{
    $want = [];
    for ($i = 1; $i <= $n; $i++) {
        $want["$prefix$i"] = $big ? big("$prefix$i") : str_repeat('s', 100);
        $q->enqueue($name, "$prefix$i", payload: $want["$prefix$i"]);
        usleep(1000);                                   // each due after the one before
    }
    return $want;
}

/** One call per round while tasks are due: the ids of each, and whether every payload was intact. */
function rounds(RedisQueue $q, string $name, array $want, bool $reserve): array
{
    $calls = [];
    $ok = true;
    for ($i = 0; $i < 10; $i++) {
        $got = $reserve ? $q->reserve($name, 10, 30) : $q->pop($name, 10);
        if (!$got) {
            break;
        }
        $ids = [];
        foreach ($got as $t) {
            $ids[] = $t['id'];
            $ok = $ok && ($t['payload'] ?? null) === $want[$t['id']];
            if ($reserve) {
                $ok = $ok && $t['attempts'] === 1;
                $q->ack($name, $t['id'], $t['receipt']);
            }
        }
        $calls[] = implode(',', $ids);
    }
    return [implode(' | ', $calls), $ok];
}

foreach (['reserve' => true, 'pop' => false] as $what => $reserve) {
    $name = rl_name();
    [$calls, $ok] = rounds($q, $name, fill($q, $name, 'b', 3, true), $reserve);
    echo "zset $what, 600,000 B: $calls\n";
    rq_check($ok, "zset $what: payloads intact");
    [$calls, $ok] = rounds($q, $name, fill($q, $name, 's', 10, false), $reserve);
    echo "zset $what, 100 B: $calls\n";
    rq_check($ok, "zset $what: small payloads intact");
}

$name = rl_name();
$q->enqueue($name, 'warm');
$q->migrate($name);
$q->remove($name, 'warm');
$want = fill($q, $name, 'b', 4, true);
$p = $q->pop($name, 10);
echo 'stream pop, 600,000 B: ', implode(',', array_column($p, 'id')), "\n";
rq_check($p[0]['payload'] === $want['b1'], 'stream pop: payload intact');
[$calls, $ok] = rounds($q, $name, $want, true);
echo "stream reserve after it: $calls\n";
rq_check($ok, 'stream reserve: the entries pop() gave back, in order, intact, on their first attempt');
rq_check($q->size($name) === ['due' => 0, 'delayed' => 0, 'inflight' => 0, 'dead' => 0], 'nothing left', $q->size($name));

// Payloads of 64 KiB or less ride in their entries: pop() counts them too.
$want = [];
for ($i = 1; $i <= 40; $i++) {
    $want["m$i"] = str_pad("m$i:", 60000, 'm');
    $q->enqueue($name, "m$i", payload: $want["m$i"]);
}
$sizes = [];
$order = [];
$ok = true;
while (($p = $q->pop($name, 100)) && count($sizes) < 10) {
    $sizes[] = count($p);
    foreach ($p as $t) {
        $order[] = $t['id'];
        $ok = $ok && $t['payload'] === $want[$t['id']];
    }
}
echo 'stream pop(100), 60,000 B in the entries: ', implode(' | ', $sizes), "\n";
rq_check($ok && $order === array_keys($want), 'stream pop: payloads in entries intact, in order');

// migrate() copies payloads of 64 KiB or less into the entries: 1 MiB a script.
$name = rl_name();
foreach ($want as $id => $p) {
    $q->enqueue($name, $id, payload: $p);
}
$mon = rl_monitor();
rq_monitor_take($mon);
$m = $q->migrate($name);
$cmds = rq_own_commands(rq_monitor_take($mon), $name);
fclose($mon);
echo 'migrate of 40 x 60,000 B: moved ', $m['moved'], ' in ', rq_count_commands($cmds, 'evalsha') + rq_count_commands($cmds, 'eval'), " scripts\n";
[$calls, $ok] = rounds($q, $name, $want, true);
rq_check($ok, 'after migrate(): every payload intact, in order');

// pop() settles lapsed reservations first, which copies their payloads: the
// budget is the call's, so after 1 MiB of those it hands over one task.
$name = rl_name();
$q->enqueue($name, 'warm');
$q->migrate($name);
$q->remove($name, 'warm');
$lapse = [];
for ($i = 1; $i <= 20; $i++) {
    $lapse["l$i"] = str_pad("l$i:", 60000, 'l');
}
$q->enqueue($name, array_keys($lapse), payload: $lapse);
$held = (new RedisQueue(rl_dsn()))->reserve($name, 20, 0.2);
usleep(400000);                                     // the twenty lapse; nobody acks them
$first = $q->pop($name, 100);
$seen = array_column($first, 'id');
$ok = true;
foreach ($first as $t) {
    $ok = $ok && $t['payload'] === $lapse[$t['id']];
}
while (($p = $q->pop($name, 100)) && count($seen) < 40) {
    foreach ($p as $t) {
        $seen[] = $t['id'];
        $ok = $ok && $t['payload'] === $lapse[$t['id']];
    }
}
sort($seen);
$all = array_keys($lapse);
sort($all);
echo 'pop(100) after 20 lapsed of 60,000 B: ', count($first), " task(s) in the first call\n";
rq_check($ok && $seen === $all, 'then the rest, each once, intact', count($seen));

// A queue a release before this one moved onto the stream (payloads by
// reference off): entries carry payloads of any size, and pop() still ends its
// page at 1 MiB.
$name = rl_name();
$q->enqueue($name, 'warm');
$q->migrate($name);
$q->remove($name, 'warm');
(new RawRedis())->call('HDEL', "{Queue:$name}:meta", 'p');
[$calls, $ok] = rounds($q, $name, fill($q, $name, 'b', 3, true), false);
echo "stream pop, switch off, 600,000 B in the entries: $calls\n";
rq_check($ok, 'switch off: payloads intact');
?>
--EXPECT--
zset reserve, 600,000 B: b1 | b2 | b3
ok: zset reserve: payloads intact
zset reserve, 100 B: s1,s2,s3,s4,s5,s6,s7,s8,s9,s10
ok: zset reserve: small payloads intact
zset pop, 600,000 B: b1 | b2 | b3
ok: zset pop: payloads intact
zset pop, 100 B: s1,s2,s3,s4,s5,s6,s7,s8,s9,s10
ok: zset pop: small payloads intact
stream pop, 600,000 B: b1
ok: stream pop: payload intact
stream reserve after it: b2,b3,b4
ok: stream reserve: the entries pop() gave back, in order, intact, on their first attempt
ok: nothing left
stream pop(100), 60,000 B in the entries: 17 | 17 | 6
ok: stream pop: payloads in entries intact, in order
migrate of 40 x 60,000 B: moved 40 in 3 scripts
ok: after migrate(): every payload intact, in order
pop(100) after 20 lapsed of 60,000 B: 1 task(s) in the first call
ok: then the rest, each once, intact
stream pop, switch off, 600,000 B in the entries: b1 | b2 | b3
ok: switch off: payloads intact
