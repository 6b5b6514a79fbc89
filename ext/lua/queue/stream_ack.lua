--redislock:stream_ack
--
-- Finishes a task in flight on the stream layout: only the reservation the
-- receipt names (its consumer and delivery count must match the group's PEL), or
-- without one whatever reservation is current. The entry and its index go. If the
-- id was enqueued again while it ran and that run is due, it goes to the stream
-- now (it runs after this one). Returns 1, 0 when the receipt is not the current
-- reservation's (or nothing is in flight), -1 when the id is not on the stream.
-- A run parked in the index ("<entry id>|<due>") goes to Z, and on to the
-- stream when due.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   receipts  string                     H, the records of carried attempts
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   settings  string                     M, the queue\'s settings (v, m, b; r: runs parked in X)
-- @key   deadlines string                     L, entry id -> when its reservation may have lapsed (ms)
-- @arg   id        string                     the task id
-- @arg   eid       string or ''               the receipt's entry id ('': the current reservation)
-- @arg   consumer  string or ''               the receipt's consumer
-- @arg   deliveries string or ''              the receipt's delivery count

local v = redis.call('hget', index, id)
if not v then return -1 end
local x, parked = string.match(v, '^([^|]*)|?(.*)$')
if eid == '' then eid = x elseif x ~= eid then return 0 end
local pe = redis.call('xpending', stream, 'rl', eid, eid, 1)
if #pe == 0 or (consumer ~= '' and (pe[1][2] ~= consumer or pe[1][4] ~= tonumber(deliveries))) then return 0 end
redis.call('xack', stream, 'rl', eid)
redis.call('xdel', stream, eid)
redis.call('hdel', index, id)
redis.call('zrem', deadlines, eid)
-- A run parked while this one ran goes to Z, then to the stream below if due.
if parked ~= '' then redis.call('zadd', queue, parked, id); redis.call('hincrby', settings, 'r', -1) end
local due = redis.call('zscore', queue, id)
if due then
  local t = redis.call('time')
  if tonumber(due) <= tonumber(t[1]) + tonumber(t[2]) / 1000000 then
    local f = {'xadd', stream, '*', 'i', id}
    local p = redis.call('hget', payloads, id)
    if p then f[6] = 'p'; f[7] = p; redis.call('hdel', payloads, id) end
    redis.call('hset', index, id, redis.call(unpack(f)))
    redis.call('zrem', queue, id)
    redis.call('hdel', receipts, id)
  end
end
return 1
