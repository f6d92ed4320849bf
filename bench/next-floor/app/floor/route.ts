import fs from 'node:fs';

// The floor of any Next route: a handler that answers the recorded bytes and does nothing else.
let answer: { status: number; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } | undefined;

function recorded() {
  if (!answer) {
    const file = JSON.parse(fs.readFileSync(process.env.FLOOR_ANSWER_FILE!, 'utf8')) as { status: number; headers: Record<string, string>; body: string };
    answer = { status: file.status, headers: file.headers, body: new Uint8Array(Buffer.from(file.body, 'base64')) };
  }
  return answer;
}

export function GET() {
  const { status, headers, body } = recorded();
  return new Response(body, { status, headers });
}

export const dynamic = 'force-dynamic';
export { GET as POST };
