<?php
/* How a queue is filled and one task popped, redislock's pop() and a bare phpredis
 * ZPOPMIN, shared by bench/queue.php (workers draining a queue) and bench/scale.php
 * (workers popping for a fixed time on one server). */

declare(strict_types=1);

const ENQUEUE_IDS = 1000;   // ids per enqueue call when filling, and the enqueue benchmark's batch
const POP_LABEL = 'pop';
const ZPOPMIN_LABEL = '(reference) phpredis zPopMin, no due-time check';
/* The least any Lua pop can cost: EVALSHA of a script that runs ZPOPMIN and nothing else. */
const LUA_FLOOR_LABEL = '(reference) phpredis EVALSHA of a script that only runs ZPOPMIN';
const LUA_FLOOR_SCRIPT = "return redis.call('zpopmin', KEYS[1])";

/** Clears the queue $name and enqueues the ids 1..$n, due now, 1,000 per call. */
function fill_queue(RedisQueue $q, string $name, int $n): void
{
    $q->clear($name);
    for ($i = 0; $i < $n; $i += ENQUEUE_IDS) {
        $q->enqueue($name, range($i + 1, min($n, $i + ENQUEUE_IDS)));
    }
}

/** Deletes the sorted set $key and adds the members 1..$n, scored microtime(true) + $offset, 1,000 per ZADD. */
function fill_zset(Redis $r, string $key, int $n, float $offset = 0.0): void
{
    $r->del($key);
    for ($i = 0; $i < $n; $i += ENQUEUE_IDS) {
        $args = [];
        $score = microtime(true) + $offset;
        for ($id = $i + 1; $id <= min($n, $i + ENQUEUE_IDS); $id++) {
            $args[] = $score;
            $args[] = (string) $id;
        }
        $r->zAdd($key, ...$args);
    }
}

/**
 * redislock's pop() on the queue $name and the bare ZPOPMIN on the sorted set
 * "$name:raw", each as fill (with $tasks due tasks), make (run in a worker: its
 * own connection, connected before it returns the pop function, which returns
 * the id taken or null when there is none) and left (tasks still queued).
 */
function pop_kinds(string $name, int $tasks, RedisQueue $q, Redis $r): array
{
    $dsn = bench_dsn();
    return [
        POP_LABEL => [
            'fill' => fn() => fill_queue($q, $name, $tasks),
            'make' => function () use ($dsn, $name): callable {
                $wq = new RedisQueue($dsn);
                $wq->size($name);   // connect before the start signal
                return function () use ($wq, $name): ?string {
                    $t = $wq->pop($name);
                    return $t === false ? null : (string) $t['id'];
                };
            },
            'left' => fn(): int => array_sum($q->size($name)),
        ],
        ZPOPMIN_LABEL => [
            'fill' => fn() => fill_zset($r, "$name:raw", $tasks),
            'make' => function () use ($name): callable {
                $wr = bench_phpredis();   // connects
                return function () use ($wr, $name): ?string {
                    $t = $wr->zPopMin("$name:raw");
                    return $t ? (string) array_key_first($t) : null;
                };
            },
            'left' => fn(): int => $r->zCard("$name:raw"),
        ],
        LUA_FLOOR_LABEL => [
            'fill' => fn() => fill_zset($r, "$name:lua", $tasks),
            'make' => function () use ($name): callable {
                $wr = bench_phpredis();
                $sha = $wr->script('load', LUA_FLOOR_SCRIPT);
                return function () use ($wr, $name, $sha): ?string {
                    $t = $wr->evalSha($sha, ["$name:lua"], 1);
                    return $t ? (string) $t[0] : null;
                };
            },
            'left' => fn(): int => $r->zCard("$name:lua"),
        ],
    ];
}
