--redislock:stream_ack
--
-- Finishes a task in flight on the stream layout: only the reservation the
-- receipt names (its consumer and delivery count must match the group's PEL), or
-- without one whatever reservation is current. The entry and its index go. If the
-- id was enqueued again while it ran and that run is due, it goes to the stream
-- now (it runs after this one). Returns 1, 0 when the receipt is not the current
-- reservation's (or nothing is in flight), -1 when the id is not on the stream.
-- A run parked in the index ("<entry id>|<due>") goes to Z, and on to the
-- stream when due. The payload of the run that ends goes with it: in its entry,
-- or by reference in P or Q (common/stream.lua), where the parked run's stays.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   receipts  string                     H, the records of carried attempts
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   settings  string                     M, the queue\'s settings (v, m, b; r: runs parked in X)
-- @key   deadlines string                     L, entry id -> when its reservation may have lapsed (ms)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @key   counts    string, optional           C, the queue's counters (common/counts.lua), when the run
--                                             counts here (packed)
-- @arg   id        string                     the task id
-- @arg   eid       string or ''               the receipt's entry id ('': the current reservation)
-- @arg   consumer  string or ''               the receipt's consumer
-- @arg   deliveries string or ''              the receipt's delivery count
-- @arg   packed    string or '', trailing     the run's count, when the caller has it counted here
--                                             rather than kept: 'p' (acked), 'f' (acked as failed) or
--                                             '<bucket>:<µs>' (acked, timed)

-- The common case first, before the shared pieces below are defined (each costs
-- the server time per call): no run parked, the id not queued again.
local v = redis.call('hget', index, id)
if not v then return -1 end
local x, parked = string.match(v, '^([^|]*)|?(.*)$')
if eid == '' then eid = x elseif x ~= eid then return 0 end
local pe = redis.call('xpending', stream, 'rl', eid, eid, 1)
if #pe == 0 or (consumer ~= '' and (pe[1][2] ~= consumer or pe[1][4] ~= tonumber(deliveries))) then return 0 end
-- The run counted here (count_packed() of common/counts.lua, written out: nothing
-- is defined yet here), when the caller has it so.
if packed and packed ~= '' then
  local b, us = string.match(packed, '^(%d+):(%d+)$')
  if b then
    redis.pcall('hincrby', KEYS[9], 'd' .. b, 1)
    redis.pcall('hincrby', KEYS[9], 's', us)
  elseif packed == 'p' or packed == 'f' then
    redis.pcall('hincrby', KEYS[9], packed, 1)
  end
end
if parked == '' then
  redis.call('xack', stream, 'rl', eid)
  redis.call('xdel', stream, eid)
  redis.call('hdel', index, id)
  redis.call('zrem', deadlines, eid)
  if not redis.call('zscore', queue, id) then
    redis.call('hdel', payloads, id)
    redis.call('hdel', spare, id)
    return 1
  end
  -- Queued again into Z by a client of the zset layout: its payload is in P.
  redis.call('hdel', spare, id)
end
--#include "common/stream.lua"
if parked ~= '' then
  -- Which hash this run's payload is in, when a parked run holds the other one.
  local r = select(4, entry(stream, eid))
  redis.call('xack', stream, 'rl', eid)
  redis.call('xdel', stream, eid)
  redis.call('hdel', index, id)
  redis.call('zrem', deadlines, eid)
  -- A run parked while this one ran goes to Z, then to the stream below if due.
  redis.call('zadd', queue, parked, id)
  redis.call('hincrby', settings, 'r', -1)
  if r then redis.call('hdel', slot(payloads, spare, r), id) end
end
local due = redis.call('zscore', queue, id)
if due then
  local t = redis.call('time')
  if tonumber(due) <= tonumber(t[1]) + tonumber(t[2]) / 1000000 then
    promote(queue, payloads, receipts, stream, index, spare, id, by_ref(settings))
  end
end
return 1