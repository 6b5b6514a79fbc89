--redislock:size
--
-- [due, delayed, in flight, dead]. On the stream layout, due counts the ready
-- tasks too (stream_tasks(): the wake-up entries are none, a run parked behind
-- its run in flight is one) and in flight the PEL besides the legacy
-- reservations of F.
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

--#include "common/now.lua"
--#include "common/stream.lua"
local due, inflights = redis.call('zcount', queue, '-inf', score(now_us)), redis.call('zcard', inflight)
local delayed = redis.call('zcard', queue) - due
local ready, pel = stream_tasks(stream, index, settings)
if ready then due = due + ready; inflights = inflights + pel end
return {due, delayed, inflights, redis.call('zcard', dead)}
