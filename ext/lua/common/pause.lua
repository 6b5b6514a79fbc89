-- A queue's pause: its key G ("<queue's key>:paused") exists while the queue is
-- paused, and expires when a pause for a time ends (none: until resume()).
-- Every script that hands tasks out looks at G: the zset layout's take and pop
-- answer nothing from a paused queue, with the pause's end as their hint. On the
-- stream layout the workers read with a plain XREADGROUP, which cannot look at
-- G: the group is parked instead (see group_of() in common/stream.lua), by
-- pause() itself, and whichever script of the queue's upkeep, pop() or resume()
-- first sees G and the group disagree puts them in step. The producers do not
-- wake blocked workers of a paused queue. Needs common/stream.lua before.
-- The pause's ms left: -2 not paused, -1 until resume(), else the ms (at least 1).
local function pause_left(G)
  local t = redis.call('pttl', G)
  if t == -2 then return -2 end
  if t == -1 then return -1 end
  return math.max(t, 1)
end
-- Adds an empty entry (no field i: no task) that wakes S's blocked readers. One
-- that a pause or a resume left at the stream's end and nobody read yet (after
-- the group's last-delivered id) goes first, so that pausing and resuming a queue
-- no worker reads leaves one such entry, not one per call.
local function nudge_readers(S)
  local tail = redis.call('xrevrange', S, '+', '-', 'count', 1)
  if #tail > 0 and #tail[1][2] == 2 and tail[1][2][1] == 'w' then
    local last = group_of(S)
    if last and id_before(last, tail[1][1]) then redis.call('xdel', S, tail[1][1]) end
  end
  redis.call('xadd', S, '*', 'w', '1')
end
-- Parks or unparks S's group as G says; returns pause_left(G). A group unparked
-- gets an empty entry (no field i: no task), which wakes its blocked readers to
-- read what waited. M's z is '1' while the group is parked: the upkeep, which
-- reads M anyway, calls this only when G exists or z says parked (a queue never
-- paused costs it no call); z is a hint, the group rl.p the truth, and a z left
-- behind (the stream deleted meanwhile) goes at the next call.
local function pause_sync(S, G, M)
  local left = pause_left(G)
  local g = groups_of(S)
  if not g.rl then
    redis.call('hdel', M, 'z')
    return left
  end
  if left ~= -2 and not g['rl.p'] then
    redis.call('xgroup', 'create', S, 'rl.p', g.rl['last-delivered-id'])
    redis.call('xgroup', 'setid', S, 'rl', PARKED)
  elseif left == -2 and g['rl.p'] then
    redis.call('xgroup', 'setid', S, 'rl', g['rl.p']['last-delivered-id'])
    redis.call('xgroup', 'destroy', S, 'rl.p')
    nudge_readers(S)
  end
  if left ~= -2 then redis.call('hset', M, 'z', '1') else redis.call('hdel', M, 'z') end
  return left
end
