-- A hold that ends earlier than it did: the head of the queue may block until
-- the old deadline, and is woken to look again. Not when the new lifetime is
-- GRACE or longer: a live waiter comes back within that anyway (every
-- REDISLOCK_WAIT_ROUND, which its alive mark of GRACE outlasts) and then blocks
-- no longer than the new deadline. So a holder that takes a long lifetime and
-- sets its real one at once (symfony's Lock does) costs its waiters nothing.
-- Needs now, life, GRACE, head() and push().
local function shortened(old)
  if now + life < old and life < GRACE then
    local h = head()
    if h then push(h, 60000) end
  end
end
