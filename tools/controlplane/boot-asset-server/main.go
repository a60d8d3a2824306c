// The boot service's asset server. Node has no sendfile(2): copying a 256 MiB image through its one
// thread ran at a third of a static file server's rate (docs/decisions.md, "Boot assets over sendfile").
// This program serves only what the boot route signed: the route checks the profile and the file and
// answers a redirect to /a/<ticket>.<signature>/<name>; here the ticket's file is opened, checked against
// the size and mtime the route saw, and sent by net/http's ServeContent (Range, If-None-Match; the body
// goes by sendfile). Protocol: the signing key is the first line of stdin (hex), and stdin closing stops
// the program once the downloads under way are over; one JSON line on stdout says the port, then one per
// complete download and one per changed file.
package main

import (
	"bufio"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ticket is what the boot route signed: the file as it checked it, and what a download reports.
type ticket struct {
	Profile string  `json:"profile"`
	Role    string  `json:"role"`
	Path    string  `json:"path"`
	Size    int64   `json:"size"`
	MtimeMs float64 `json:"mtimeMs"`
	ETag    string  `json:"etag"`
	Expires int64   `json:"expires"`
}

// chunk bounds one sendfile run between write deadlines: a client slower than chunk per idle is cut.
const chunk = 1 << 20

type server struct {
	key []byte
	// root is the asset store, symlinks resolved: a ticket names a file in it, and nothing else is opened.
	root string
	idle time.Duration
	out  sync.Mutex
}

// inStore: the path is inside the store and, symlinks resolved, still the same path (the boot route
// signs resolved paths; one swapped for a link since is refused).
func (s *server) inStore(path string) bool {
	resolved, err := filepath.EvalSymlinks(path)
	return err == nil && resolved == path && strings.HasPrefix(path, s.root+string(filepath.Separator))
}

func (s *server) report(event map[string]any) {
	line, _ := json.Marshal(event)
	s.out.Lock()
	defer s.out.Unlock()
	os.Stdout.Write(append(line, '\n'))
}

func (s *server) verify(signed string, now time.Time) (*ticket, bool) {
	payload, signature, found := strings.Cut(signed, ".")
	if !found {
		return nil, false
	}
	mac := hmac.New(sha256.New, s.key)
	mac.Write([]byte(payload))
	given, err := base64.RawURLEncoding.DecodeString(signature)
	if err != nil || !hmac.Equal(given, mac.Sum(nil)) {
		return nil, false
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	var t ticket
	if err != nil || json.Unmarshal(raw, &t) != nil || now.UnixMilli() > t.Expires || !filepath.IsAbs(t.Path) {
		return nil, false
	}
	return &t, true
}

// mtimeMs is Node's fs.Stats.mtimeMs, computed as Node does (sec * 1e3 + nsec / 1e6), so it compares equal.
func mtimeMs(info os.FileInfo) float64 {
	at := info.ModTime()
	return float64(at.Unix())*1e3 + float64(at.Nanosecond())/1e6
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	control := http.NewResponseController(w)
	_ = control.SetWriteDeadline(time.Now().Add(s.idle))
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET")
		http.Error(w, "asset links take GET", http.StatusMethodNotAllowed)
		return
	}
	rest, linked := strings.CutPrefix(r.URL.Path, "/a/")
	signed, _, _ := strings.Cut(rest, "/")
	t, ok := s.verify(signed, time.Now())
	if !linked || !ok {
		http.Error(w, "no such asset link, or it expired: ask the boot route again", http.StatusForbidden)
		return
	}
	if !s.inStore(t.Path) {
		s.report(map[string]any{"event": "changed", "profile": t.Profile})
		http.Error(w, "the asset is gone or moved since it was checked; it is being checked again", http.StatusNotFound)
		return
	}
	file, err := os.Open(t.Path)
	if err != nil {
		s.report(map[string]any{"event": "changed", "profile": t.Profile})
		http.Error(w, "the asset is gone since it was checked; it is being checked again", http.StatusNotFound)
		return
	}
	defer file.Close()
	info, err := file.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() != t.Size || mtimeMs(info) != t.MtimeMs {
		s.report(map[string]any{"event": "changed", "profile": t.Profile})
		http.Error(w, "the asset changed since it was checked; it is being checked again", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("ETag", t.ETag)
	sent := &tracked{ResponseWriter: w, control: control, idle: s.idle}
	http.ServeContent(sent, r, "", info.ModTime(), file)
	length, err := strconv.ParseInt(w.Header().Get("Content-Length"), 10, 64)
	complete := err == nil && sent.written == length
	if r.Method == http.MethodGet && (sent.status == http.StatusOK || sent.status == http.StatusPartialContent) && complete {
		host, _, _ := net.SplitHostPort(r.RemoteAddr)
		s.report(map[string]any{
			"event": "fetched", "profile": t.Profile, "role": t.Role, "address": host, "status": sent.status,
		})
	}
}

// tracked counts what was sent and moves the write deadline on before each chunk: a download is cut
// once it moves nothing for the idle time. Its ReadFrom keeps the body on sendfile (the connection's
// ReadFrom sees a LimitedReader of the *os.File, which it hands to sendfile).
type tracked struct {
	http.ResponseWriter
	control *http.ResponseController
	idle    time.Duration
	status  int
	written int64
}

func (t *tracked) WriteHeader(status int) {
	if t.status == 0 {
		t.status = status
	}
	t.ResponseWriter.WriteHeader(status)
}

// noteImplicitOK records the 200 net/http sends when a body comes before any WriteHeader.
func (t *tracked) noteImplicitOK() {
	if t.status == 0 {
		t.status = http.StatusOK
	}
}

func (t *tracked) Write(p []byte) (int, error) {
	t.noteImplicitOK()
	_ = t.control.SetWriteDeadline(time.Now().Add(t.idle))
	n, err := t.ResponseWriter.Write(p)
	t.written += int64(n)
	return n, err
}

func (t *tracked) ReadFrom(src io.Reader) (int64, error) {
	t.noteImplicitOK()
	limited, ok := src.(*io.LimitedReader)
	if !ok {
		limited = &io.LimitedReader{R: src, N: 1<<63 - 1}
	}
	to := t.ResponseWriter.(io.ReaderFrom)
	var total int64
	for limited.N > 0 {
		_ = t.control.SetWriteDeadline(time.Now().Add(t.idle))
		n, err := to.ReadFrom(&io.LimitedReader{R: limited.R, N: min(limited.N, chunk)})
		limited.N -= n
		total += n
		t.written += n
		if err != nil || n == 0 {
			return total, err
		}
	}
	return total, nil
}

// limited accepts a connection only while fewer than cap(slots) are open: a peer opening sockets without
// end holds at most that many, each cut after the idle time, and the rest wait unaccepted.
type limited struct {
	net.Listener
	slots chan struct{}
}

func limitListener(listener net.Listener, max int) net.Listener {
	return &limited{Listener: listener, slots: make(chan struct{}, max)}
}

func (l *limited) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	conn, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &slotConn{Conn: conn, release: func() { <-l.slots }}, nil
}

type slotConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on")
	root := flag.String("root", "", "the asset store: only files inside it are sent")
	idle := flag.Duration("idle", 30*time.Second, "a connection that moves nothing for this long is cut")
	maxConnections := flag.Int("max-connections", 4096, "connections served at once; more wait in the kernel's queue")
	flag.Parse()
	stdin := bufio.NewReader(os.Stdin)
	line, _ := stdin.ReadString('\n')
	key, err := hex.DecodeString(strings.TrimSpace(line))
	if err != nil || len(key) < 32 {
		fmt.Fprintln(os.Stderr, "boot asset server: the first line of stdin must be the signing key, 32 bytes or more in hex")
		os.Exit(2)
	}
	store, err := filepath.EvalSymlinks(*root)
	if *root == "" || err != nil {
		fmt.Fprintf(os.Stderr, "boot asset server: -root must name the asset store (%v)\n", err)
		os.Exit(2)
	}
	listener, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintf(os.Stderr, "boot asset server: %v\n", err)
		os.Exit(1)
	}
	s := &server{key: key, root: store, idle: *idle}
	s.report(map[string]any{"event": "listening", "port": listener.Addr().(*net.TCPAddr).Port})
	httpServer := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: *idle,
		IdleTimeout:       *idle,
		MaxHeaderBytes:    8 << 10,
	}
	// The boot service holds stdin open: when it closes it (stopping) or is gone, no new download starts
	// and those under way finish, each bounded by the idle time, as the boot service drains its own.
	drained := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, stdin)
		_ = httpServer.Shutdown(context.Background())
		close(drained)
	}()
	if err := httpServer.Serve(limitListener(listener, *maxConnections)); err != http.ErrServerClosed {
		fmt.Fprintf(os.Stderr, "boot asset server: %v\n", err)
		os.Exit(1)
	}
	<-drained
}
