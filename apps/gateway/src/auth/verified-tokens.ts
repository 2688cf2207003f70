import { Injectable } from '@nestjs/common';
import type { TokenClaims } from './token.service';

type Verified = TokenClaims & { exp?: number };

/**
 * Bearer tokens whose signature passport-jwt has verified, with their claims, until they expire.
 * A browser sends the same token on every call until it is refreshed; its signature (an HMAC over
 * the same bytes) gives the same answer each time, so the guard checks it once and then answers
 * from here: the expiry is checked on every use, and the session behind the token still is (the
 * SessionCache, kept current by identity's revocation pushes). Keyed by the whole token, so a
 * token that differs in any byte is verified anew. Bounded: past MAX_ENTRIES the oldest go.
 */
@Injectable()
export class VerifiedTokens {
  static readonly MAX_ENTRIES = 50_000;
  private readonly tokens = new Map<string, Verified>();

  /** The claims of a token verified before and not expired; undefined when it must be verified. */
  get(token: string): Verified | undefined {
    const claims = this.tokens.get(token);
    if (!claims) return undefined;
    if (!this.unexpired(claims)) {
      this.tokens.delete(token);
      return undefined;
    }
    return claims;
  }

  /** Remembers a token passport-jwt verified (signature, algorithm and expiry) with its claims. */
  remember(token: string, claims: Verified): void {
    // Only tokens that end (one without an expiry is verified every time), and only while they last.
    if (!this.unexpired(claims)) return;
    if (this.tokens.size >= VerifiedTokens.MAX_ENTRIES && !this.tokens.has(token)) {
      const oldest = this.tokens.keys().next().value;
      if (oldest !== undefined) this.tokens.delete(oldest);
    }
    this.tokens.set(token, claims);
  }

  get size(): number {
    return this.tokens.size;
  }

  private unexpired(claims: Verified): boolean {
    return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now();
  }
}
