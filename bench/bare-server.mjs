// The baseline: a bare node:http server sending the recorded answer's exact status, headers and bytes.
import fs from 'node:fs';
import http from 'node:http';

const answer = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const server = http.createServer((req, res) => {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
