--redislock:redlock_release
--
-- Redlock, on each server. Deletes the lock while it holds our token, then leaves
-- one wake-up for a waiter blocked on this server (one is enough: the woken
-- waiter's own unlock wakes the next).
--
-- @name  redlock unlock script
-- @key   key       string                     the lock key
-- @key   wakeup    owned string               its wake-up list
-- @arg   token     string                     the token
-- @arg   mode      text                       'exact', 'suffix' (the random part after the colon
--                                             only) or 'force' (whoever holds it)

local v = redis.call('get', KEYS[1])
if ARGV[2] == 'suffix' then
  if not v or string.sub(v, -(#ARGV[1] + 1)) ~= ':' .. ARGV[1] then return 0 end
elseif ARGV[2] == 'force' then
  if not v then return 0 end
elseif v ~= ARGV[1] then
  return 0
end
redis.call('del', KEYS[1])
redis.call('lpush', KEYS[2], '1')
redis.call('ltrim', KEYS[2], 0, 0)
redis.call('pexpire', KEYS[2], 5000)
return 1
