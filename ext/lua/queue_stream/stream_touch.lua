--redislock:stream_touch
--
-- Renews a reservation on the stream layout: it now ends visibility from now
-- (XCLAIM to its own consumer with IDLE the queue's visibility minus this one,
-- JUSTID: the delivery count, and so the attempts, stay); the queue's visibility
-- is raised to it when longer, the new deadline written to the deadline index;
-- a deadline moved earlier wakes a blocked worker.
-- Returns 1, 0 when the receipt is not the current reservation's (the
-- heartbeat's LOST), -1 when the id is not on the stream.
--
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   meta      string                     M, the queue's settings
-- @key   deadlines string                     L, entry id -> when its reservation may have lapsed (ms)
-- @arg   id        string                     the task id
-- @arg   eid       string or ''               the receipt's entry id ('': the current reservation)
-- @arg   consumer  string or ''               the receipt's consumer
-- @arg   deliveries string or ''              the receipt's delivery count
-- @arg   visibility integer                   the visibility asked for (ms)

--#include "common/page.lua"
--#include "common/stream.lua"
local x = index_of(redis.call('hget', index, id))
if not x then return -1 end
if eid == '' then eid = x elseif x ~= eid then return 0 end
local pe = redis.call('xpending', stream, 'rl', eid, eid, 1)
if #pe == 0 or (consumer ~= '' and (pe[1][2] ~= consumer or pe[1][4] ~= tonumber(deliveries))) then return 0 end
local v, vis = tonumber(redis.call('hget', meta, 'v') or '0'), tonumber(visibility)
if vis > v then
  raise_visibility(stream, meta, v, vis)
  v = vis
end
redis.call('xclaim', stream, 'rl', pe[1][2], 0, eid, 'IDLE', string.format('%d', v - vis), 'JUSTID')
local t = redis.call('time')
redis.call('zadd', deadlines, string.format('%d', tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + vis), eid)
-- Moved earlier: a worker blocked on S sleeps until the deadline it saw, so an
-- empty entry wakes one to look again.
if vis < v - pe[1][3] then redis.call('xadd', stream, '*', 'w', '1') end
return 1
