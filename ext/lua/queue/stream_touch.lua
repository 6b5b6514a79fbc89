--redislock:stream_touch
--
-- Renews a reservation on the stream layout: its delivery time becomes now
-- (XCLAIM to its own consumer, JUSTID: the delivery count, and so the attempts,
-- stay), so it lasts the queue's visibility again, raised to visibility when that
-- is longer. Returns 1, 0 when the receipt is not the current reservation's (the
-- heartbeat's LOST), -1 when the id is not on the stream.
--
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   meta      string                     M, the queue's settings
-- @arg   id        string                     the task id
-- @arg   eid       string or ''               the receipt's entry id ('': the current reservation)
-- @arg   consumer  string or ''               the receipt's consumer
-- @arg   deliveries string or ''              the receipt's delivery count
-- @arg   visibility integer                   the visibility asked for (ms)

local x = redis.call('hget', index, id)
if not x then return -1 end
if eid == '' then eid = x elseif x ~= eid then return 0 end
local pe = redis.call('xpending', stream, 'rl', eid, eid, 1)
if #pe == 0 or (consumer ~= '' and (pe[1][2] ~= consumer or pe[1][4] ~= tonumber(deliveries))) then return 0 end
redis.call('xclaim', stream, 'rl', pe[1][2], 0, eid, 'JUSTID')
local v = tonumber(redis.call('hget', meta, 'v') or '0')
if tonumber(visibility) > v then redis.call('hset', meta, 'v', visibility) end
return 1
