import { apiClient } from '../../lib/apiClient';
import type { Credentials, LoginResponse } from './sessionTypes';

export async function postLogin(credentials: Credentials): Promise<LoginResponse> {
  const { data } = await apiClient.post<LoginResponse>('/login', credentials);
  return data;
}
