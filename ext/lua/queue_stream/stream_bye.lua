--redislock:stream_bye
--
-- At the end of an object that reserved from a queue on the stream layout: its
-- consumer leaves the group when it holds nothing (a consumer that holds a
-- reservation stays, for its ack or its lapse), so that the group does not
-- collect one consumer per worker that ever ran. A later read by that name makes
-- it again. Returns 1 when it left, 0 when it stayed or there was none.
--
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @arg   consumer  string                     the object's consumer

local pe = redis.pcall('xpending', stream, 'rl', '-', '+', 1, consumer)
if type(pe) ~= 'table' or pe.err or #pe > 0 then return 0 end
return redis.call('xgroup', 'delconsumer', stream, 'rl', consumer) >= 0 and 1 or 0
