--redislock:clear
--
-- Deletes the queue's keys, the stream layout's too (a cleared queue starts on
-- the zset layout again) but for the settings v, m and b; returns how many
-- tasks were queued, in flight or dead.
-- UNLINK, not DEL: the server frees a large set in the background, so a queue of
-- millions is gone at once without blocking it (DEL of 10^6 members takes about
-- a second).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   index     string                     X, the stream's index: id -> entry id
-- @key   settings  string                     M, the queue's settings (v, m, b)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   deadlines string                     L, the stream's deadline index
-- @key   unique    string                     U, submit()'s remembered times (no tasks)
-- @key   keyed     string                     K, submit()'s uniqueness keys (no tasks)

local n = redis.call('zcard', queue) + redis.call('zcard', inflight) + redis.call('zcard', dead)
-- On the stream layout: the tasks of X (ready or in flight) and the parked runs;
-- the wake-up entries are no tasks.
n = n + redis.call('hlen', index) + (tonumber(redis.call('hget', settings, 'r')) or 0)
redis.call('unlink', queue, inflight, wakeup, receipts, dead, payloads, stream, index, spare, deadlines, unique, keyed)
-- The settings stay (v, m and b are only ever raised or rewritten by the workers,
-- which skip writing them again for a second: deleted, a reservation made in that
-- second would count for no visibility), the stream's state goes.
redis.call('hdel', settings, 'r', 'p', 'n', 'c', 'z')
return n
