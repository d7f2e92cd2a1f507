//! Reading a program's pipes without threads: non-blocking descriptors
//! drained by one `poll` loop, under the output cap.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::AsFd;

use std::time::Duration;

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

use super::job::TAIL;

/// The output pipes (and the side channel), read without blocking by one
/// `poll` loop.
pub(super) struct Pipes {
    stdout: Option<File>,
    stderr: Option<File>,
    channel: Option<File>,
    out: Vec<u8>,
    err: Vec<u8>,
    side: Vec<u8>,
    cap: u64,
}

impl Pipes {
    pub(super) fn new(
        stdout: File,
        stderr: File,
        channel: Option<File>,
        cap: u64,
    ) -> io::Result<Pipes> {
        for file in [Some(&stdout), Some(&stderr), channel.as_ref()]
            .into_iter()
            .flatten()
        {
            use nix::fcntl::{F_GETFL, F_SETFL, OFlag, fcntl};
            let flags = OFlag::from_bits_truncate(fcntl(file, F_GETFL)?);
            fcntl(file, F_SETFL(flags | OFlag::O_NONBLOCK))?;
        }
        Ok(Pipes {
            stdout: Some(stdout),
            stderr: Some(stderr),
            channel,
            out: Vec::new(),
            err: Vec::new(),
            side: Vec::new(),
            cap,
        })
    }

    pub(super) fn closed(&self) -> bool {
        self.stdout.is_none() && self.stderr.is_none() && self.channel.is_none()
    }

    /// Waits up to `wait` for output and reads what is there. Returns
    /// whether standard output passed its cap.
    pub(super) fn pump(&mut self, wait: Duration) -> io::Result<bool> {
        if self.closed() {
            std::thread::sleep(wait);
            return Ok(false);
        }
        let timeout = PollTimeout::try_from(wait).unwrap_or(PollTimeout::ZERO);
        {
            let mut fds: Vec<PollFd<'_>> = [&self.stdout, &self.stderr, &self.channel]
                .into_iter()
                .flatten()
                .map(|f| PollFd::new(f.as_fd(), PollFlags::POLLIN))
                .collect();
            match poll(&mut fds, timeout) {
                Ok(_) | Err(nix::errno::Errno::EINTR) => {}
                Err(e) => return Err(e.into()),
            }
        }
        let mut flooded = false;
        let mut buf = vec![0_u8; 1 << 16];
        for (pipe, into) in [
            (&mut self.stdout, &mut self.out),
            (&mut self.channel, &mut self.side),
        ] {
            if let Some(file) = pipe {
                if drain(file, &mut buf, into)? {
                    *pipe = None;
                }
                if into.len() as u64 > self.cap {
                    into.truncate(self.cap as usize);
                    *pipe = None;
                    flooded = true;
                }
            }
        }
        if let Some(file) = &mut self.stderr {
            let eof = drain(file, &mut buf, &mut self.err)?;
            if self.err.len() > 4 * TAIL {
                self.err.drain(..self.err.len() - TAIL);
            }
            if eof {
                self.stderr = None;
            }
        }
        Ok(flooded)
    }

    pub(super) fn finish(mut self) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let start = self.err.len().saturating_sub(TAIL);
        self.err.drain(..start);
        (self.out, self.err, self.side)
    }
}

/// Reads what a non-blocking pipe holds now; `Ok(true)` at its end.
fn drain(file: &mut File, buf: &mut [u8], into: &mut Vec<u8>) -> io::Result<bool> {
    loop {
        match file.read(buf) {
            Ok(0) => return Ok(true),
            Ok(k) => {
                into.extend_from_slice(&buf[..k]);
                if into.len() > (1 << 30) {
                    return Ok(false); // the caller caps it
                }
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Ok(false),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}
