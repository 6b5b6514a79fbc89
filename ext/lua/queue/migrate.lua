--redislock:migrate
--
-- Puts a queue on the stream layout (migrate()), a page at a time: creates the
-- stream and its group rl (parked when the queue is paused, see
-- common/pause.lua) and writes the settings M (the rule of stream_idle:
-- max attempts and backoff the caller's, the visibility only ever raised),
-- and turns payloads by reference on (M's p: from now on no script copies a
-- payload over INLINE bytes, see common/stream.lua; on a queue already on the
-- stream too), then moves a page of due ids of Z onto the stream, each as an
-- entry that refers to its payload (over INLINE bytes: it stays in P) or carries
-- it (the page ends once it has copied BYTES of those), with the attempts its
-- record carries, in due order. An id with a
-- reservation in flight in F (enqueued again while it runs) or already on the
-- stream stays in Z: moving it would let it run twice at once; it is skipped,
-- and the caller passes on how many it skipped so far. Delayed ids stay in Z,
-- where the stream layout keeps them; the legacy reservations of F drain by ack
-- or expiry. Returns [moved, skipped, whether the page was full, ids left in Z,
-- reservations left in F].
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
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @arg   visibility integer                   the visibility (ms): the queue's is raised to it when shorter (0: left as it is)
-- @arg   attempts  integer                    the max attempts (0: none), the queue's from now on (-1: left as it is)
-- @arg   backoff   integer                    the backoff (ms), the queue's from now on (-1: left as it is)
-- @arg   skip      integer                    how many due ids the pages before skipped

--#include "common/tasks.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
--#include "common/wake.lua"
--#include "common/pause.lua"
if not group_of(stream) then redis.call('xgroup', 'create', stream, 'rl', '0', 'mkstream') end
-- A paused queue's group is parked from the start.
pause_sync(stream, paused, settings)
-- The settings by the rule of stream_idle: max attempts and backoff the
-- caller's (last writer wins), the visibility only ever raised; one the caller
-- was not given is left as it is (the first reserve() writes it).
local s = redis.call('hmget', settings, 'v', 'm', 'b')
if tonumber(visibility) > 0 and (not s[1] or tonumber(visibility) > tonumber(s[1])) then
  raise_visibility(stream, settings, tonumber(s[1]) or 0, math.max(tonumber(s[1]) or 0, tonumber(visibility)))
end
if tonumber(attempts) >= 0 and attempts ~= s[2] then redis.call('hset', settings, 'm', attempts) end
if tonumber(backoff) >= 0 and backoff ~= s[3] then redis.call('hset', settings, 'b', backoff) end
redis.call('hset', settings, 'p', '1')
local ids = redis.call('zrangebyscore', queue, '-inf', score(now_us), 'limit', tonumber(skip), PAGE)
-- A payload of INLINE bytes or fewer is copied into its entry: the page also
-- ends once it has copied BYTES of them (the caller goes on as for a full one).
local moved, skipped, full, bytes = 0, 0, 0, 0
for _, id in ipairs(ids) do
  if bytes >= BYTES then full = 1; break end
  if redis.call('zscore', inflight, id) or redis.call('hexists', index, id) == 1 then
    skipped = skipped + 1
  else
    bytes = bytes + promote(queue, payloads, receipts, stream, index, spare, id, true)
    moved = moved + 1
  end
end
if #ids == PAGE then full = 1 end
-- Workers blocked on the zset layout's wake-up list wait for a task there, which
-- no enqueue pushes once the queue is on the stream: a page wakes 16 of them at
-- most (each then waits on the stream; any others at their next due task).
-- The tokens nobody takes at once go after a second (blocked workers are served
-- as soon as this script ends).
if tonumber(skip) == 0 then wake(wakeup, 16); redis.call('pexpire', wakeup, 1000) end
return {moved, skipped, full, redis.call('zcard', queue), redis.call('zcard', inflight)}
