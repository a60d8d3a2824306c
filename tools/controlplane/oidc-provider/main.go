// A small OpenID provider for the integration and e2e tiers: zitadel/oidc's example provider (its login
// form, in-memory storage and signing key made at start) with users and clients read from JSON files and a
// "groups" claim, which the example lacks and Rackpilot's group-to-role mapping needs.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"slices"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// testUser is one line of OIDC_USERS_FILE.
type testUser struct {
	ID       string   `json:"id"`
	Username string   `json:"username"`
	Password string   `json:"password"`
	Email    string   `json:"email"`
	Groups   []string `json:"groups"`
}

// testClient is one line of OIDC_CLIENTS_FILE: a confidential web client.
type testClient struct {
	ID           string   `json:"id"`
	Secret       string   `json:"secret"`
	RedirectURIs []string `json:"redirectUris"`
	// BackchannelLogoutURI receives a logout token when a user is removed; empty: none sent.
	BackchannelLogoutURI string `json:"backchannelLogoutUri"`
}

type userStore struct {
	users   []testUser
	removed *removedUsers
}

func (u userStore) find(match func(testUser) bool) *storage.User {
	for _, user := range u.users {
		if match(user) && !u.removed.has(user.ID) {
			return &storage.User{
				ID: user.ID, Username: user.Username, Password: user.Password,
				Email: user.Email, EmailVerified: true, FirstName: user.Username,
			}
		}
	}
	return nil
}

func (u userStore) GetUserByID(id string) *storage.User {
	return u.find(func(user testUser) bool { return user.ID == id })
}

func (u userStore) GetUserByUsername(name string) *storage.User {
	return u.find(func(user testUser) bool { return user.Username == name })
}

func (u userStore) ExampleClientID() string { return storage.ServiceUserID }

// withGroups adds the user's groups to the ID token and userinfo when the "groups" scope was granted.
type withGroups struct {
	*storage.Storage
	groups map[string][]string
}

func (s withGroups) addGroups(info *oidc.UserInfo, subject string, scopes []string) {
	if slices.Contains(scopes, "groups") {
		info.AppendClaims("groups", s.groups[subject])
	}
}

func (s withGroups) SetUserinfoFromScopes(ctx context.Context, info *oidc.UserInfo, userID, clientID string, scopes []string) error {
	if err := s.Storage.SetUserinfoFromScopes(ctx, info, userID, clientID, scopes); err != nil {
		return err
	}
	s.addGroups(info, userID, scopes)
	return nil
}

func (s withGroups) SetUserinfoFromRequest(ctx context.Context, info *oidc.UserInfo, request op.IDTokenRequest, scopes []string) error {
	if err := s.Storage.SetUserinfoFromRequest(ctx, info, request, scopes); err != nil {
		return err
	}
	s.addGroups(info, request.GetSubject(), scopes)
	return nil
}

// groupsScopeClient lets a client ask for the "groups" scope; the example's clients allow only its own.
type groupsScopeClient struct{ op.Client }

func (c groupsScopeClient) IsScopeAllowed(scope string) bool {
	return scope == "groups" || c.Client.IsScopeAllowed(scope)
}

func (s withGroups) GetClientByClientID(ctx context.Context, id string) (op.Client, error) {
	client, err := s.Storage.GetClientByClientID(ctx, id)
	if err != nil {
		return nil, err
	}
	return groupsScopeClient{client}, nil
}

func readJSON(path string, into any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}

func run() error {
	listen, issuer := os.Getenv("OIDC_LISTEN"), os.Getenv("OIDC_ISSUER")
	if listen == "" || issuer == "" {
		return errors.New("OIDC_LISTEN (host:port) and OIDC_ISSUER are required")
	}
	var users []testUser
	if err := readJSON(os.Getenv("OIDC_USERS_FILE"), &users); err != nil {
		return fmt.Errorf("OIDC_USERS_FILE: %w", err)
	}
	var clients []testClient
	if err := readJSON(os.Getenv("OIDC_CLIENTS_FILE"), &clients); err != nil {
		return fmt.Errorf("OIDC_CLIENTS_FILE: %w", err)
	}
	for _, client := range clients {
		storage.RegisterClients(storage.WebClient(client.ID, client.Secret, client.RedirectURIs...))
	}
	groups := map[string][]string{}
	for _, user := range users {
		groups[user.ID] = user.Groups
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	removed := &removedUsers{ids: map[string]bool{}}
	store := withGroups{storage.NewStorage(userStore{users, removed}), groups}
	router := exampleop.SetupServer(issuer, store, logger, false)
	removeUser := removeUserHandler(store, issuer, clients, removed)
	// Browsers ask for an icon; the example has none, and a 404 is an error in the e2e tier's console.
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/favicon.ico" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if r.URL.Path == "/test/remove-user" {
			removeUser(w, r)
			return
		}
		router.ServeHTTP(w, r)
	})
	logger.Info("listening", "issuer", issuer, "addr", listen)
	return http.ListenAndServe(listen, handler)
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
