/** GET /config.json: the app's runtime configuration. An empty apiUrl means "same origin as the app". */
import { get } from '@loopback/rest';
import { PUBLIC } from './auth/keys';

export class ConfigController {
  @get('/config.json', {
    ...PUBLIC,
    responses: {
      '200': {
        description: 'Runtime configuration of the app',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  })
  config(): { apiUrl: string } {
    return { apiUrl: '' };
  }
}
