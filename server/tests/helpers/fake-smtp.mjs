// A minimal SMTP server for tests: accepts any login and every message, and keeps the raw
// messages (headers and body, as sent) in `messages`.
import { createServer } from 'node:net';

export async function startFakeSmtp() {
  const messages = [];
  const logins = [];
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.write('220 fake-smtp ESMTP\r\n');
    let buffer = '';
    let inData = false;
    let message = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(message);
            message = '';
            socket.write('250 2.0.0 queued\r\n');
          } else {
            message += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake-smtp\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (verb === 'AUTH') {
          logins.push(line);
          socket.write('235 2.7.0 accepted\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    messages,
    logins,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
