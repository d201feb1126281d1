//! HTTP/1.1 chunked transfer coding, read back: the GUI tests talk plain HTTP to the server.

/// The body carried by the chunks of `body`, up to the last (empty) chunk.
pub fn dechunk(mut body: &str) -> Result<String, String> {
    let mut out = String::new();
    loop {
        let (size, rest) = body
            .split_once("\r\n")
            .ok_or("a chunked answer ends early")?;
        let size = size.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size, 16)
            .map_err(|error| format!("a chunk size '{size}': {error}"))?;
        if size == 0 {
            return Ok(out);
        }
        out.push_str(rest.get(..size).ok_or("a chunk is cut short")?);
        body = rest.get(size + 2..).unwrap_or("");
    }
}
