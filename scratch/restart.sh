pkill -f "dist/server/entry.mjs" ; sleep 1
cd /work/main && export PATH=/work/tools/node24/node_modules/.bin:$PATH
(DATA_DIR=/tmp/sd HOST=127.0.0.1 PORT=4321 setsid nohup node dist/server/entry.mjs > /tmp/server.log 2>&1 &)
for i in $(seq 1 30); do curl -s -o /dev/null http://127.0.0.1:4321/saude && break; sleep 0.5; done
