-- The semaphore key S and its counts B live at least until deadline d (ms). Each
-- is given twice that long when it must grow, so that a stream of acquisitions
-- does not rewrite its lifetime every time; lapsed acquisitions in them are
-- dropped as they are met, and an empty set is gone at once.
local function outlive(d)
  if redis.call('pttl', S) < d - now then redis.call('pexpire', S, ms(2 * (d - now))) end
  if redis.call('pttl', B) < d - now then redis.call('pexpire', B, ms(2 * (d - now))) end
end
