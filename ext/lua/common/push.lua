-- Wakes waiter id (P set): one token on its wake-up list, which lasts life ms.
local function push(id, life)
  local w = P .. 'w:' .. id
  if redis.call('llen', w) == 0 then
    redis.call('rpush', w, '1')
    redis.call('pexpire', w, life)
  end
end
