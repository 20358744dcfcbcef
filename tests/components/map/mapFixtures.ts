/** Buildings, floors and devices the map screen tests share (shapes of the real API). */
export function building(id: string, name: string, latitude: number | null, longitude: number | null, mapImage = false) {
  return {
    id,
    name,
    address: `${name} Street 1`,
    latitude,
    longitude,
    map_image_url: mapImage ? `/v1/buildings/${id}/map-image` : null,
    floor_count: 1,
    created_at: '',
    updated_at: '',
  };
}

export function floor(id: string, buildingId: string, name: string, level: number, deviceCount = 0) {
  return {
    id,
    building_id: buildingId,
    name,
    level,
    floor_plan_url: null,
    floor_plan_filename: null,
    floor_plan_width: null,
    floor_plan_height: null,
    device_count: deviceCount,
    created_at: '',
    updated_at: '',
  };
}

export function device(id: string, floorId: string | null, status: 'online' | 'offline' | 'error') {
  return { device_id: id, device_name: `Camera ${id}`, device_type: 'CAMERA', status, mac: null, floor_id: floorId, last_seen_at: null, created_at: '', updated_at: '' };
}
