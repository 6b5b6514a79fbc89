--TEST--
Lua scripts: every caller sends the arguments its script expects, whatever the shape of the name
--DESCRIPTION--
Every caller of every script sends the arguments the script expects, whatever
the name: the methods (RedisRateLimiter's and RedisLatch's among them), the watchdog's renewals (locks, shared locks, permits),
auto-release, the cleanup of lost replies and Redlock each work on names with
unmatched braces, a hash tag, "{}", a NUL, CRLF, "%" and a 1 MiB name, on one
server, on a cluster and on Redlock's five servers. Every server is the test's
own: the cleanup of lost replies stalls them (DEBUG SLEEP, CLIENT PAUSE), and
the 1 MiB names would fill the MONITOR readers of the tests beside it, so on
the shared servers it would have to run alone.
--FILE--
<?php
require __DIR__ . '/../harness/watchdog_test.inc';
require_once __DIR__ . '/../harness/topology_test.inc';

$shapes = [
    'plain' => 'plain', 'open' => 'tenant{42', 'close' => 'a}b', 'reversed' => '}{x', 'tag' => '{t7}rest',
    'empty pair' => 'x{}y', 'pair only' => '{}', 'tag after pair' => '{}{t8}z', 'nul' => "nul\0byte",
    'crlf' => "crlf\r\nline", 'percent' => 'pct%s%n%d%%', '1 MiB' => str_repeat('m', 1 << 20),
];
/* Long enough for a renewal of a 1 MiB name on the cluster (three keys of 1 MiB)
 * not to delay the others' past their lease: the thread renews one at a time, and a
 * loaded machine holds it back now and then (1 s was too short there). */
$lease = 3.0;
$bad = [];
function sc_check(bool $ok, string $what): void
{
    global $bad;
    if (!$ok) {
        $bad[] = $what;
    }
}
/** Runs $fn, turning an exception into a failure named $what. */
function sc_try(string $what, callable $fn): mixed
{
    try {
        return $fn();
    } catch (Throwable $e) {
        sc_check(false, "$what: " . get_class($e) . ': ' . substr($e->getMessage(), 0, 200));
        return null;
    }
}
/** Makes every server of $endpoints serve no client for $seconds (CLIENT PAUSE). */
function sc_stall(array $endpoints, float $seconds): void
{
    foreach ($endpoints as $endpoint) {
        topo_raw($endpoint)->call('CLIENT', 'PAUSE', (string) (int) ($seconds * 1000), 'ALL');
    }
}

$single = new FaultServer(['--enable-debug-command', 'yes']);
$cluster = topo_own_cluster();
$topologies = [
    'single' => [$single->options(), ["127.0.0.1:$single->port"]],
    'cluster' => [topo_own_cluster_options($cluster), array_map(fn ($n) => "127.0.0.1:$n->port", $cluster)],
];
foreach ($topologies as $topo => [$options, $endpoints]) {
    $names = [];
    foreach ($shapes as $label => $shape) {
        $names[$label] = rl_name(":$shape");
    }
    $plain = new RedisLock($options);
    $plainSem = new RedisSemaphore($options);
    $queue = new RedisQueue($options);

    /* The methods. */
    foreach ($names as $label => $name) {
        $at = "$topo/$label";
        sc_try("$at lock methods", function () use ($options, $plain, $name, $at) {
            $l = new RedisLock($options);
            sc_check($l->lock($name, 0, 5) && $l->isLocking($name) && $plain->isLocked($name), "$at lock");
            sc_check($l->ttl($name) > 0 && $l->expire($name, 6) && is_int($l->fencingToken($name)), "$at ttl/expire/fencingToken");
            sc_check($plain->lock($name, 0.02) === false, "$at lock excludes (waited)");
            sc_check($l->unlock($name) && !$plain->isLocked($name), "$at unlock");
            sc_check($l->lockShared($name) && $plain->lockShared($name, 0, 5), "$at lockShared twice");
            sc_check($l->lock($name, 0.02) === false, "$at promotion waits for the other share");
            sc_check($plain->unlock($name) && $l->lock($name, 1) && $l->unlock($name), "$at promotion");
            $t = $l->addLock($name, 5, 0, false, false);
            sc_check(is_string($t) && $l->holdsLock($name, $t) && $l->extendLock($name, $t, 6), "$at addLock/holdsLock/extendLock");
            $w = new RedisLock($options + ['watchdog' => ['lease' => 5, 'max_hold' => 60]]);
            sc_check($w->watchLock($name, $t, 30) && $l->extendLock($name, $t, 6) && $l->holdsLock($name, $t), "$at watchLock/extendLock");
            unset($w);
            $f = $l->fenceLock($name, $t);
            sc_check(is_string($f) && $l->holdsLock($name, $f), "$at fenceLock");
            $s = $l->convertLock($name, $f, true);
            sc_check(is_string($s) && is_string($x = $l->convertLock($name, $s, false)) && $l->releaseLock($name, $x), "$at convertLock/releaseLock");
            sc_check($l->lockMany([$name], 0, 5) && $l->unlock($name), "$at lockMany");
            sc_check($l->synchronized($name, fn () => 7) === 7 && !$plain->isLocked($name), "$at synchronized");
            sc_check($l->lock($name) && $plain->forceUnlock($name) && !$l->isLocking($name), "$at forceUnlock");
        });
        sc_try("$at semaphore methods", function () use ($options, $plainSem, $name, $at) {
            $s = new RedisSemaphore($options);
            $t = $s->acquire($name, 1, 0, 5);
            sc_check(is_string($t) && $s->holds($name, $t) && $s->count($name) === 1, "$at acquire/holds/count");
            sc_check($s->extend($name, $t, 6) && $plainSem->acquire($name, 1, 0.02) === false, "$at extend, limit");
            sc_check($s->release($name, $t) && $s->count($name) === 0, "$at release");
            sc_check($s->synchronized($name, 1, fn () => 8) === 8 && $s->count($name) === 0, "$at synchronized");
        });
        sc_try("$at queue methods", function () use ($queue, $name, $at) {
            $q = $queue;
            sc_check($q->enqueue($name, ['a', 'b', 'c', 'd']) && $q->size($name)['due'] === 4, "$at enqueue/size");
            $top = $q->top($name);
            sc_check(is_array($top) && $q->dequeue($name, $top['id'], $top['score']), "$at top/dequeue");
            sc_check(is_array($q->pop($name)), "$at pop");
            $r = $q->reserve($name, 1, 5);
            sc_check(is_array($r) && $q->touch($name, $r['id'], 6, $r['receipt']) && $q->release($name, $r['id'], 0, $r['receipt']), "$at reserve/touch/release");
            $r = $q->reserve($name, 1, 5, 0, 1);
            sc_check(is_array($r) && $q->ack($name, $r['id'], $r['receipt']), "$at ack");
            $r = $q->reserve($name, 1, 5, 0, 1);
            sc_check(is_array($r) && $q->release($name, $r['id']) && count($q->dead($name)) === 1, "$at dead letters");
            sc_check($q->retryDead($name) === 1 && $q->remove($name, $r['id']), "$at retryDead/remove");
            sc_check($q->enqueue($name, 'z') && $q->clear($name) === 1 && $q->purgeDead($name) === 0, "$at clear/purgeDead");
        });
        sc_try("$at rate limiter methods", function () use ($options, $name, $at) {
            $r = new RedisRateLimiter($options);
            foreach (['token_bucket', 'fixed_window', 'sliding_window'] as $policy) {
                sc_check($r->consume($name, 2, 5, 2, $policy)['allowed'] && !$r->peek($name, 2, 5, 1, $policy)['allowed'], "$at $policy consume/peek");
                sc_check($r->inspect($name)['policy'] === $policy && $r->reset($name), "$at $policy inspect/reset");
            }
            /* The state of 1 per 50 ms lives 50 ms: reset() may find it gone (false), a 1 MiB name's calls take that long. */
            sc_check($r->consume($name, 1, 0.05)['allowed'] && is_array($r->wait($name, 1, 0.05, 1, 'token_bucket', null, 1)), "$at wait");
            $r->reset($name);
        });
        sc_try("$at latch methods", function () use ($options, $name, $at) {
            $l = new RedisLatch($options);
            sc_check($l->set($name, 2, 30) && !$l->set($name, 1, 30) && $l->countDown($name) === 1 && $l->inspect($name)['count'] === 1, "$at latch set/countDown/inspect");
            sc_check(!$l->await($name, 0.01) && $l->countDown($name, 5) === 0 && $l->await($name, 1) && $l->count($name) === 0, "$at latch await");
        });
    }

    /* The watchdog's renewals, all held at once across two leases. */
    $watchers = [];
    foreach ($names as $label => $name) {
        sc_try("$topo/$label watchdog take", function () use (&$watchers, $options, $lease, $name, $label) {
            $wl = new RedisLock($options + ['watchdog' => ['lease' => $lease]]);
            $ws = new RedisLock($options + ['watchdog' => ['lease' => $lease]]);
            $wm = new RedisSemaphore($options + ['watchdog' => ['lease' => $lease]]);
            $wl->lock("$name:x");
            $ws->lockShared("$name:r");
            $watchers[$label] = [$wl, $ws, $wm, $wm->acquire($name, 1)];
        });
    }
    usleep((int) (2.2 * $lease * 1e6));
    foreach ($watchers as $label => [$wl, $ws, $wm, $token]) {
        $at = "$topo/$label";
        $name = $names[$label];
        sc_try("$at watchdog check", function () use ($at, $name, $wl, $ws, $wm, $token, $plain, $plainSem) {
            sc_check($wl->isLocking("$name:x") && $plain->lock("$name:x") === false && $wl->unlock("$name:x"), "$at watchdog renews a lock");
            sc_check($ws->isLocking("$name:r") && $plain->lock("$name:r") === false && $ws->unlock("$name:r"), "$at watchdog renews a shared lock");
            sc_check(is_string($token) && $plainSem->acquire($name, 1) === false && $wm->release($name, $token), "$at watchdog renews a permit");
        });
    }
    $watchers = [];

    /* Auto-release: objects that go out of scope holding. */
    foreach ($names as $label => $name) {
        $at = "$topo/$label";
        sc_try("$at auto-release", function () use ($options, $name, $at, $plain, $plainSem) {
            (function () use ($options, $name) {
                $l = new RedisLock($options);
                $l->lock("$name:x");
                $l->lockShared("$name:r");
                $s = new RedisSemaphore($options);
                $s->acquire($name, 1);
            })();
            sc_check(!$plain->isLocked("$name:x") && !$plain->isLocked("$name:r") && $plainSem->count($name) === 0, "$at auto-release");
        });
    }

    /* The cleanup of lost replies: every server sleeps while the calls wait for their
     * replies; the next call of each object removes what the late commands took. */
    $lost = [];
    foreach ($names as $label => $name) {
        /* A 1 MiB name takes longer than 20 ms to clean up. */
        $timeout = strlen($name) > 1000 ? 0.5 : 0.02;
        $l = new RedisLock($options + ['read_timeout' => $timeout]);
        $s = new RedisSemaphore($options + ['read_timeout' => $timeout]);
        sc_try("$topo/$label warm-up", fn () => $l->isLocked($name) || $s->count($name));
        $lost[$label] = [$l, $s];
    }
    /* One server: DEBUG SLEEP, after which the late commands run. The cluster's
     * nodes refuse DEBUG: CLIENT PAUSE, which drops a paused command whose client
     * has gone, so there the late commands may or may not have run. */
    $stall = $topo === 'single' ? $single->stall(2.0) : null;
    if (!$stall) {
        sc_stall($endpoints, 2.0);
    }
    usleep(50000);
    $paused = microtime(true);
    foreach ($lost as $label => [$l, $s]) {
        foreach ([fn () => $l->lock($names[$label]), fn () => $s->acquire($names[$label], 1)] as $i => $call) {
            try {
                $call();
                sc_check(false, "$topo/$label lost reply $i: no exception");
            } catch (RedisLockException $e) {
            }
        }
    }
    $stall ? rl_stall_wait($stall) : usleep((int) max(0, (2.1 - (microtime(true) - $paused)) * 1e6));
    foreach ($lost as $label => [$l, $s]) {
        $at = "$topo/$label";
        $name = $names[$label];
        sc_try("$at orphan cleanup", function () use ($at, $name, $l, $s, $plain, $plainSem, $topo) {
            sc_check($topo !== 'single' || ($plain->isLocked($name) && $plainSem->count($name) === 1), "$at the late commands ran");
            $l->isLocked("$name:other");
            $s->count("$name:other");
            sc_check(!$plain->isLocked($name) && $plainSem->count($name) === 0, "$at orphan cleanup");
        });
    }
    $lost = [];
    echo "$topo: ", count($shapes), " name shapes\n";
}

/* Redlock, on five servers. */
$redlockServers = topo_fault_servers(5);
$redlock = new RedisLock(topo_redlock_options($redlockServers));
$plain = new RedisLock(topo_redlock_options($redlockServers));
foreach ($shapes as $label => $shape) {
    $name = rl_name(":$shape");
    $at = "redlock/$label";
    sc_try("$at methods", function () use ($redlock, $plain, $name, $at, $redlockServers) {
        sc_check($redlock->lock($name, 0, 5) && $redlock->isLocking($name) && $plain->isLocked($name), "$at lock");
        sc_check($redlock->ttl($name) > 0 && $redlock->expire($name, 6), "$at ttl/expire");
        sc_check($redlock->unlock($name) && !$plain->isLocked($name), "$at unlock");
        $t = $redlock->addLock($name, 5);
        sc_check(is_string($t) && $redlock->holdsLock($name, $t) && $redlock->extendLock($name, $t, 6) && $redlock->releaseLock($name, $t), "$at tokens");
        sc_check($redlock->synchronized($name, fn () => 9) === 9 && !$plain->isLocked($name), "$at synchronized");
        sc_check($redlock->lock($name) && $plain->forceUnlock($name) && !$redlock->isLocking($name), "$at forceUnlock");
        (function () use ($name, $redlockServers) {
            $l = new RedisLock(topo_redlock_options($redlockServers));
            $l->lock($name);
        })();
        sc_check(!$plain->isLocked($name), "$at auto-release");
    });
}
echo "redlock: ", count($shapes), " name shapes\n";
echo $bad ? implode("\n", $bad) . "\n" : "every caller ok\n";
?>
--EXPECT--
single: 12 name shapes
cluster: 12 name shapes
redlock: 12 name shapes
every caller ok
