-- The semaphore key lives at least until deadline d (ms). It is given twice
-- that long when it must grow, so that a stream of acquisitions does not rewrite
-- its lifetime every time; lapsed acquisitions in it are dropped as they are met,
-- and an empty set is gone at once.
local function outlive(d)
  if redis.call('pttl', S) < d - now then redis.call('pexpire', S, ms(2 * (d - now))) end
end
