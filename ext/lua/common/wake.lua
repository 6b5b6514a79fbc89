-- Wake blocked workers of wake-up list W: a few tokens, capped, and expiring if
-- nobody listens. wake_one() passes the turn on: a token still in the list means
-- no worker is blocked on it (a blocked one would have taken it), so one is
-- enough. wake() wakes nobody when held is true: the queue is paused (its
-- pause key exists, see common/pause.lua; the caller found it out with a call
-- it makes anyway), and resume() wakes them.
local function wake(W, n, held)
  if n <= 0 or held then return end
  for i = 1, math.min(n, 16) do redis.call('lpush', W, '1') end
  redis.call('ltrim', W, 0, 15)
  redis.call('pexpire', W, 300000)
end
local function wake_one(W, G)
  if G and redis.call('exists', G) == 1 then return end
  if redis.call('llen', W) == 0 then
    redis.call('lpush', W, '1')
    redis.call('pexpire', W, 300000)
  end
end
