--redislock:resume
--
-- Ends the queue's pause: deletes its pause key G; on the stream layout unparks
-- the group with an empty entry that wakes its blocked readers; wakes as many
-- workers waiting on the wake-up list W as tasks are due (16 at most): the zset
-- layout's, and the pop() calls that waited out the pause there (stream_pop). Returns 1
-- when the queue was paused, 0 when it was not (a pause for a time that ended
-- is not one; its group is unparked all the same). Refused, with nothing
-- written, when S or G holds a key of another type.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   index     string                     X, the stream's index: id -> entry id
-- @key   settings  string                     M, the queue's settings (r: runs parked in X)
-- @key   paused    string                     G, the pause: exists while the queue is paused

--#include "common/now.lua"
--#include "common/wake.lua"
--#include "common/stream.lua"
--#include "common/pause.lua"
local kind = redis.call('type', paused).ok
if kind ~= 'none' and kind ~= 'string' then
  return redis.error_reply('WRONGTYPE the pause key holds a ' .. kind .. ', not a pause')
end
-- Read before anything is written: a stream key of another type fails here.
groups_of(stream)
local was = redis.call('del', paused)
pause_sync(stream, paused, settings)
-- On the stream layout the list wakes the pop() calls that wait out a pause
-- on it (stream_pop); the group's new entry wakes the readers.
-- As many as tasks are due there (16 at most), so that no token is left over.
local ready = stream_tasks(stream, index, settings)
wake(wakeup, redis.call('zcount', queue, '-inf', score(now_us)) + (ready or 0))
return was
