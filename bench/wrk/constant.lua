-- The same requests as classify.lua, sent to bench/constant_app.py (which ignores them).
package.path = package.path .. ";" .. debug.getinfo(1, "S").source:match("@(.*/)") .. "?.lua"
local common = require("common")
init = common.seed
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  return wrk.format(nil, "/v1/hands/classify", nil, '{"cards":' .. common.list(common.deal(5), 1, 5) .. '}')
end
response = common.response
done = common.done
