/**
 * Buildings as Jotai atoms over TanStack Query (DESIGN.md "The browser app").
 * Query atoms read through `queryClientAtom`, so the app must provide its `queryClient`
 * to it (QueryClientAtomProvider or hydrating `queryClientAtom`). Mutation atoms show
 * failures as error toasts with the spec's fallback strings (SPEC.md section 8).
 */
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { atomFamily } from 'jotai-family';
import {
  buildingKeys,
  buildingQueryOptions,
  buildingsQueryOptions,
  createBuilding,
  deleteBuilding,
  updateBuilding,
} from '../api/buildings';
import type { BuildingInput } from '../api/buildings';
import type { Building } from '../api/types';
import { floorKeys } from '../api/floors';
import { problemMessage } from '../api/client';
import { toaster } from '../lib/toaster';
import { buildingFloorsFamily } from './floors.atoms';

/** The organization's buildings (`['buildings']`). */
export const buildingsAtom = atomWithQuery(() => buildingsQueryOptions());

/** One building by id (`['buildings', id]`); removed from the family when the building is deleted. */
export const buildingFamily = atomFamily((id: string) => atomWithQuery(() => buildingQueryOptions(id)));

/** Creates a building; the list is refetched. Failure toasts 'Failed to create building'. */
export const createBuildingAtom = atomWithMutation(() => ({
  mutationFn: (input: BuildingInput) => createBuilding(input),
  onSuccess: async (building: Building, _input, _result, { client }) => {
    client.setQueryData(buildingKeys.detail(building.id), building);
    await client.invalidateQueries({ queryKey: buildingKeys.all, exact: true });
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to create building'));
  },
}));

/** Updates a building's fields. Failure toasts 'Failed to update building'. */
export const updateBuildingAtom = atomWithMutation(() => ({
  mutationFn: ({ id, input }: { id: string; input: BuildingInput }) => updateBuilding(id, input),
  onSuccess: async (building: Building, _vars, _result, { client }) => {
    client.setQueryData(buildingKeys.detail(building.id), building);
    await client.invalidateQueries({ queryKey: buildingKeys.all, exact: true });
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to update building'));
  },
}));

/**
 * Deletes a building (the server deletes its floors with it). Its atoms leave their
 * families and its cached queries are dropped. Failure toasts 'Failed to delete building'.
 */
export const deleteBuildingAtom = atomWithMutation(() => ({
  mutationFn: (id: string) => deleteBuilding(id),
  onSuccess: async (_data: void, id: string, _result, { client }) => {
    buildingFamily.remove(id);
    buildingFloorsFamily.remove(id);
    client.removeQueries({ queryKey: buildingKeys.detail(id) });
    await Promise.all([
      client.invalidateQueries({ queryKey: buildingKeys.all, exact: true }),
      client.invalidateQueries({ queryKey: floorKeys.all, exact: true }),
    ]);
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to delete building'));
  },
}));
