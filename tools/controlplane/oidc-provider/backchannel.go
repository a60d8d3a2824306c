// OpenID Connect Back-Channel Logout for the test provider. Removing a user (the tests' stand-in for an
// administrator disabling someone at the site's provider) ends their sign-ins here and posts a signed
// logout token to every client that registered a back-channel URI, as production providers do.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/crypto"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// removedUsers is shared by the user store (a removed user cannot sign in) and the removal route.
type removedUsers struct {
	mu  sync.RWMutex
	ids map[string]bool
}

func (r *removedUsers) add(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ids[id] = true
}

func (r *removedUsers) has(id string) bool {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.ids[id]
}

type signingKeySource interface {
	SigningKey(context.Context) (op.SigningKey, error)
}

// logoutToken signs the Back-Channel Logout 1.0 token for one client: its audience, the user as subject,
// the logout event, a unique jti, and the "logout+jwt" type the specification recommends.
func logoutToken(ctx context.Context, keys signingKeySource, issuer, clientID, subject string) (string, error) {
	key, err := keys.SigningKey(ctx)
	if err != nil {
		return "", err
	}
	signer, err := jose.NewSigner(
		jose.SigningKey{Algorithm: key.SignatureAlgorithm(), Key: &jose.JSONWebKey{Key: key.Key(), KeyID: key.ID()}},
		(&jose.SignerOptions{}).WithType("logout+jwt"),
	)
	if err != nil {
		return "", err
	}
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", err
	}
	claims := oidc.NewLogoutTokenClaims(issuer, subject, oidc.Audience{clientID}, time.Now().Add(2*time.Minute), hex.EncodeToString(jti), "", 0)
	return crypto.Sign(claims, signer)
}

// delivery carries the token it sent, so that tests can replay or alter it.
type delivery struct {
	Client string `json:"client"`
	Token  string `json:"token,omitempty"`
	Status int    `json:"status"`
	Error  string `json:"error,omitempty"`
}

// removeUserHandler answers POST /test/remove-user (form field "id") with what each client's back-channel
// endpoint answered. Test-only: the provider listens on loopback for the tests that start it.
func removeUserHandler(keys signingKeySource, issuer string, clients []testClient, removed *removedUsers) http.HandlerFunc {
	poster := &http.Client{Timeout: 10 * time.Second}
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		id := r.FormValue("id")
		if id == "" {
			http.Error(w, "id is required", http.StatusBadRequest)
			return
		}
		removed.add(id)
		deliveries := []delivery{}
		for _, client := range clients {
			if client.BackchannelLogoutURI == "" {
				continue
			}
			sent := delivery{Client: client.ID}
			token, err := logoutToken(r.Context(), keys, issuer, client.ID, id)
			sent.Token = token
			if err == nil {
				var answer *http.Response
				answer, err = poster.PostForm(client.BackchannelLogoutURI, url.Values{"logout_token": {token}})
				if err == nil {
					sent.Status = answer.StatusCode
					answer.Body.Close()
				}
			}
			if err != nil {
				sent.Error = err.Error()
			}
			deliveries = append(deliveries, sent)
		}
		w.Header().Set("content-type", "application/json")
		_ = json.NewEncoder(w).Encode(deliveries)
	}
}
