/**
 * The route table (SPEC.md section 2): every route, its access, and its lazily loaded
 * screen. Paths use wouter's `:param` syntax; screens read params with `useParams()`.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from './lazyScreen';
import type { RouteAccess } from './RouteGuard';

export interface AppRoute {
  path: string;
  access: RouteAccess;
  screen: LazyExoticComponent<ComponentType>;
}

export const NotFoundScreen = lazyScreen(() => import('../screens/NotFoundScreen'));

export const ROUTES: readonly AppRoute[] = [
  { path: '/login', access: 'guest', screen: lazyScreen(() => import('../screens/LoginScreen')) },
  { path: '/auth/callback', access: 'guest', screen: lazyScreen(() => import('../screens/AuthCallbackScreen')) },
  // Mailed links (issue 5): open to anyone; a signed-in visitor is asked to sign out first.
  { path: '/forgot-password', access: 'public', screen: lazyScreen(() => import('../screens/ForgotPasswordScreen')) },
  { path: '/reset-password', access: 'public', screen: lazyScreen(() => import('../screens/ResetPasswordScreen')) },
  { path: '/setup-password', access: 'public', screen: lazyScreen(() => import('../screens/SetupPasswordScreen')) },
  { path: '/dashboard', access: 'auth', screen: lazyScreen(() => import('../screens/DashboardScreen')) },
  { path: '/buildings', access: 'auth', screen: lazyScreen(() => import('../screens/BuildingsScreen')) },
  { path: '/buildings/:buildingId', access: 'auth', screen: lazyScreen(() => import('../screens/BuildingDetailsScreen')) },
  { path: '/buildings/:buildingId/map', access: 'auth', screen: lazyScreen(() => import('../screens/BuildingMapScreen')) },
  { path: '/floors/:floorId', access: 'auth', screen: lazyScreen(() => import('../screens/FloorScreen')) },
  { path: '/devices', access: 'auth', screen: lazyScreen(() => import('../screens/DevicesScreen')) },
  { path: '/devices/:deviceId', access: 'auth', screen: lazyScreen(() => import('../screens/DeviceDetailsScreen')) },
  { path: '/events', access: 'auth', screen: lazyScreen(() => import('../screens/EventsScreen')) },
  { path: '/map', access: 'auth', screen: lazyScreen(() => import('../screens/GlobalMapScreen')) },
  { path: '/settings', access: 'auth', screen: lazyScreen(() => import('../screens/SettingsScreen')) },
  { path: '/settings/account', access: 'auth', screen: lazyScreen(() => import('../screens/AccountSettingsScreen')) },
  { path: '/api-docs', access: 'auth', screen: lazyScreen(() => import('../screens/ApiDocsScreen')) },
  { path: '/demo/angle-control', access: 'auth', screen: lazyScreen(() => import('../screens/AngleControlDemoScreen')) },
];
