--redislock:enqueue_one
--
-- enqueue() of one id due now, as a producer pushes a job: what the enqueue
-- script does for it, in the cases that need none of that script's other keys,
-- arguments and helpers (an EVALSHA's cost grows with each of them). On the
-- stream layout a new id (in no key of the queue) is appended to the stream; an
-- id waiting there, not in flight, keeps its place and payload. On the sorted-set
-- layout the id is added as the enqueue script adds it. Every other case (a dead
-- id enqueued again, an id in flight, delayed or in Z, a replace of a waiting
-- entry, an id holding a uniqueness key) changes nothing here and returns -1:
-- the caller then sends the enqueue script, which decides it. Returns how many
-- ids were added or changed (0 or 1), or -1.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (stream layout)
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   settings  string                     M, the queue's settings (p: payloads by reference)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @key   keyed     string                     K, submit()'s uniqueness keys (common/keyed.lua)
-- @arg   replace   flag '1' '0'               whether an id already queued takes the new due time
-- @arg   id        string                     the task id
-- @arg   payload   string, optional           its payload (left out: none)

--#include "common/wake.lua"
--#include "common/stream.lua"
--#include "common/put.lua"
local p = ARGV[3] or false
if redis.call('zscore', dead, id) then return -1 end
-- S counted twice: 2 or 3 on the stream layout, 1 or 3 while paused; K four
-- times: 4 more when any key is held; in one call.
local held = redis.call('exists', stream, stream, paused, keyed, keyed, keyed, keyed)
-- An id that holds a uniqueness key (submit()'s): the enqueue script decides
-- whether its run goes on or starts from nothing and lets the key go.
if held >= 4 and redis.call('hexists', keyed, 'i' .. id) == 1 then return -1 end
held = held % 4
if held >= 2 then
  local x = redis.call('hget', index, id)
  if x then
    -- Waiting in the stream: it keeps its place, unless replaced or in flight
    -- (a run parked behind the current one).
    local e = index_of(x)
    if replace == '1' or pending(stream, e) then return -1 end
    return 0
  end
  if redis.call('zscore', queue, id) or redis.call('zscore', inflight, id) then return -1 end
  if p and #p > INLINE and by_ref(settings) then
    redis.call('hset', spare, id, p)
    append(stream, index, id, false, 0, 'q')
  else
    append(stream, index, id, p, 0)
  end
  return 1
end
-- Due now by the server's clock, formatted as common/now.lua's score(now_us)
-- (read here only: the stream layout's append needs no time).
local t = redis.call('time')
local n = put_zset(queue, payloads, id, p, string.format('%.17g', (tonumber(t[1]) * 1000000 + tonumber(t[2])) / 1000000),
  replace == '1')
wake(wakeup, n, held == 1)
return n
