--redislock:stats
--
-- What an operator asks of a queue, read-only, by the server's clock: [due,
-- delayed, in flight, dead, µs since the oldest due task fell due (-1: none due),
-- µs until the first delayed task falls due (-1: none), reservations past their
-- deadline that no call has returned yet, the pause's ms left (-2: not paused,
-- -1: until resume()), the counters (common/counts.lua): p, f, r, t, x, s, d0
-- ... d16, each nil when never counted; nil when the key is of another type]. On the stream layout the ready
-- entries are due (since they were appended), the PEL is in flight, and a
-- reservation is past its deadline once idle for the queue's visibility (M's v):
-- counted among the oldest 1000 of the PEL only, so that the call stays short.
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
-- @key   counts    string                     C, the queue's counters (common/counts.lua)

--#include "common/now.lua"
--#include "common/stream.lua"
local now = score(now_us)
local function us(s) return math.floor(tonumber(s) * 1000000 + 0.5) end
local due, inflights = redis.call('zcount', queue, '-inf', now), redis.call('zcard', inflight)
local delayed = redis.call('zcard', queue) - due
local oldest, next_in, overdue = -1, -1, redis.call('zcount', inflight, '-inf', now)
if due > 0 then oldest = math.max(0, now_us - us(redis.call('zrange', queue, 0, 0, 'withscores')[2])) end
local later = redis.call('zrangebyscore', queue, '(' .. now, '+inf', 'withscores', 'limit', 0, 1)
if #later > 0 then next_in = us(later[2]) - now_us end
local ready, pel, last = stream_tasks(stream, index, settings)
if ready then
  due, inflights = due + ready, inflights + pel
  if ready > 0 then
    -- The first ready task (wake-up entries may come before it: 100 looked at).
    for _, e in ipairs(redis.call('xrange', stream, '(' .. last, '+', 'count', 100)) do
      if fields_of(e[2]).i then oldest = math.max(oldest, now_us - entry_ms(e[1]) * 1000, 0); break end
    end
  end
  local v = tonumber(redis.call('hget', settings, 'v'))
  if v and pel > 0 then
    for _, e in ipairs(redis.call('xpending', stream, 'rl', '-', '+', 1000)) do
      if tonumber(e[3]) >= v then overdue = overdue + 1 end
    end
  end
end
-- The counters, or nil when their key is of another type (written by hand).
local counted = redis.pcall('hmget', counts, 'p', 'f', 'r', 't', 'x', 's', 'd0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6',
  'd7', 'd8', 'd9', 'd10', 'd11', 'd12', 'd13', 'd14', 'd15', 'd16')
if counted.err then counted = false end
return {due, delayed, inflights, redis.call('zcard', dead), oldest, next_in, overdue, redis.call('pttl', paused), counted}
