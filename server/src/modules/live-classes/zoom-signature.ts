import jwt from 'jsonwebtoken';
import { MAX_SIGNATURE_TTL, MIN_SIGNATURE_TTL } from './config';

/**
 * The Meeting SDK's JWT (Zoom's "Meeting SDK auth"): HS256 over the SDK secret, header
 * { alg: 'HS256', typ: 'JWT' }, claims appKey and sdkKey (the SDK key), mn (meeting number),
 * role (0 attendee, 1 host), iat, exp and tokenExp. iat is 30 s in the past so a browser whose
 * clock is a little behind Zoom's does not see a token from the future; exp − iat is clamped to
 * Zoom's 1,800..172,800 s.
 */
export const CLOCK_SKEW_SECONDS = 30;

export interface SignatureInput {
  sdkKey: string;
  sdkSecret: string;
  meetingNumber: string;
  role: 0 | 1;
  ttlSeconds: number;
  /** Now, in ms (tests pass a fixed clock). */
  now?: number;
}

export interface SignatureClaims {
  appKey: string;
  sdkKey: string;
  mn: string;
  role: 0 | 1;
  iat: number;
  exp: number;
  tokenExp: number;
}

export const signatureClaims = (input: SignatureInput): SignatureClaims => {
  const ttl = Math.min(
    MAX_SIGNATURE_TTL,
    Math.max(MIN_SIGNATURE_TTL, Math.floor(input.ttlSeconds)),
  );
  const iat = Math.floor((input.now ?? Date.now()) / 1000) - CLOCK_SKEW_SECONDS;
  const exp = iat + ttl;
  return {
    appKey: input.sdkKey,
    sdkKey: input.sdkKey,
    mn: input.meetingNumber,
    role: input.role === 1 ? 1 : 0,
    iat,
    exp,
    tokenExp: exp,
  };
};

/** The signed JWT the SPA hands to the SDK's `join`. */
export const signMeetingSdkJwt = (input: SignatureInput): string =>
  jwt.sign(signatureClaims(input), input.sdkSecret, {
    algorithm: 'HS256',
    header: { alg: 'HS256', typ: 'JWT' },
  });
