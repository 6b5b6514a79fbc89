-- The sibling keys of lock key K, named as redislock_sibling_key() names them;
-- hint is redislock_sibling_hint() ('' or nil when the script can derive the tag).
local function siblings(K, hint)
  local tag = hint or ''
  if tag == '' then
    local open = string.find(K, '{', 1, true)
    if not open and not string.find(K, '}', 1, true) then
      local b = '{' .. K .. '}'
      return b .. ':queue', b .. ':many', b .. ':w:'
    end
    local close = string.find(K, '}', open + 1, true)
    tag = string.sub(K, open + 1, close - 1)
  end
  local b = '{' .. tag .. '}'
  return b .. ':queue:' .. K, b .. ':many:' .. K, b .. ':w::' .. K
end
