--redislock:pause
--
-- Pauses the queue: sets its pause key G, for ms milliseconds (0: until
-- resume()), replacing the end of a pause already on; on the stream layout parks
-- the group at once (common/pause.lua), so that no worker's next read delivers
-- anything. Tasks in flight run on; their ack, release and expiry work as ever.
-- Returns 1 when the queue was not paused, 0 when it was (its end is the new one).
--
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @arg   ms        integer                    how long (ms; 0: until resume())

--#include "common/stream.lua"
--#include "common/pause.lua"
local was = redis.call('exists', paused)
if tonumber(ms) > 0 then redis.call('set', paused, '1', 'px', ms) else redis.call('set', paused, '1') end
pause_sync(stream, paused)
return 1 - was
